import Foundation
import LecternLoad
import LecternLocale
import LecternModel
import LecternResolve

/// Stage 5: renders the planned pages through the theme and lists the files to copy.
public enum SiteRenderer {
    /// Renders on `jobs` threads. Each page is a pure function of its data, and each result goes
    /// to the page's own slot, so the output is the same bytes in the same order however many
    /// threads ran. `progress` is told the number of pages done, from any thread.
    public static func render(_ pages: [PlannedPage], theme: CompiledTheme, jobs: Int = 1,
                              progress: (@Sendable (Int) -> Void)? = nil) -> [OutputFile] {
        let results = ResultSlots(count: pages.count)
        let counter = Counter()
        let chunks = max(1, min(pages.count, jobs * 8))
        let work = { @Sendable (chunk: Int) in
            var index = chunk
            while index < pages.count {
                let page = pages[index]
                results.set(index, OutputFile(path: page.outputPath,
                                              contents: .bytes(Array(theme.render(page.template, page.makeContext()).utf8))))
                if let progress { progress(counter.increment()) }
                index += chunks
            }
        }
        if jobs <= 1 {
            for chunk in 0..<chunks { work(chunk) }
        } else {
            DispatchQueue.concurrentPerform(iterations: chunks, execute: work)
        }
        return results.values
    }

    /// Theme assets go under `assets/`; `Content/media/` is copied to `media/` as-is, and any
    /// other file under `Content/` a song refers to keeps its path too.
    public static func staticFiles(theme: CompiledTheme, site: LoadedSite, extraMedia: [String] = []) -> [OutputFile] {
        let assets = theme.files.assets.keys.sorted().map {
            OutputFile(path: "assets/" + $0, contents: .copy(from: theme.files.assets[$0]!))
        }
        let media = (site.media + extraMedia).map { OutputFile(path: $0, contents: .copy(from: site.root + "/Content/" + $0)) }
        return assets + media
    }
}

/// One slot per page, each written by exactly one thread.
private final class ResultSlots: @unchecked Sendable {
    private var slots: [OutputFile?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ file: OutputFile) {
        lock.lock()
        slots[index] = file
        lock.unlock()
    }

    var values: [OutputFile] { slots.map { $0! } }
}

private final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()

    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}

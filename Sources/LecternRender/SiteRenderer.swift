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
        let counter = Counter()
        return Parallel.map(pages.count, jobs: jobs) { index in
            let page = pages[index]
            let file = OutputFile(path: page.outputPath, contents: .bytes(theme.render(page.template, page.makeContext())))
            if let progress { progress(counter.increment()) }
            return file
        }
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

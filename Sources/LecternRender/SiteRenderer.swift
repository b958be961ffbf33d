import Foundation
import LecternLoad
import LecternLocale
import LecternModel
import LecternResolve

/// Stage 5: the planned pages to render through the theme, and the files to copy.
public enum SiteRenderer {
    /// The planned pages as files whose bytes are rendered when the write stage asks for them,
    /// on the writer's threads: each page is rendered, compared and written in one go, so its
    /// bytes live only until written (a 10,000-song site's pages are 600 MB) and rendering on
    /// one core overlaps the kernel's file creation on the other. Each page is a pure function
    /// of its data, so the bytes are the same however many threads ran, in whatever order.
    /// `progress` is told the number of pages done, from any thread.
    public static func files(_ pages: [PlannedPage], theme: CompiledTheme,
                             progress: (@Sendable (Int) -> Void)? = nil) -> [OutputFile] {
        let counter = Counter()
        return pages.map { page in
            OutputFile(path: page.outputPath, contents: .rendered {
                let bytes = theme.render(page.template, page.makeContext())
                if let progress { progress(counter.increment()) }
                return bytes
            })
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

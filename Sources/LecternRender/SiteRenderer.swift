import LecternLoad
import LecternLocale
import LecternModel
import LecternResolve

/// Stage 5: renders the planned pages through the theme and lists the files to copy.
public enum SiteRenderer {
    public static func render(_ pages: [PlannedPage], theme: CompiledTheme) -> [OutputFile] {
        pages.map { page in
            OutputFile(path: page.outputPath, contents: .bytes(Array(theme.render(page.template, page.makeContext()).utf8)))
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

import LecternLoad
import LecternModel

/// Audio and cover art must be files under `Content/` (copied with the site) or https URLs.
enum MediaReferences {
    /// Checks every song's references; returns the referenced files outside `Content/media/`
    /// (which is copied whole), as paths relative to `Content/`, to copy as well.
    static func check(_ songs: [Song], site: LoadedSite, diagnostics: inout Diagnostics) -> [String] {
        var extra: Set<String> = []
        let copied = Set(site.media)
        for song in songs {
            for (field, value) in [("audio", song.metadata.audio), ("cover", song.metadata.cover)] {
                // A value that is no path under `Content/` was refused at its line as the song was
                // parsed (only Markdown songs have these fields).
                guard let value, !value.hasPrefix("https://") else { continue }
                if !FileSystem.isFile(site.root + "/Content/" + value) {
                    diagnostics.warning(song.source, "\(field) '\(value)' does not exist under Content/")
                } else if !copied.contains(value) {
                    extra.insert(value)
                }
            }
        }
        return extra.sorted()
    }

    /// The logo screen's image (`logo:` in site.yaml, already known to name a path under
    /// `Content/`) if its file is there. Otherwise a warning, and nil: the logo screen then shows
    /// the site title, not a broken image.
    static func logo(_ config: SiteConfig, site: LoadedSite, diagnostics: inout Diagnostics) -> String? {
        guard let logo = config.logo else { return nil }
        guard FileSystem.isFile(site.root + "/Content/" + logo) else {
            diagnostics.warning(SourceLocation(path: "Content/site.yaml"), "logo '\(logo)' does not exist under Content/; the logo screen shows the site title")
            return nil
        }
        return logo
    }

    /// The logo, when it must be copied besides `Content/media/` (which is copied whole).
    static func logoCopy(_ config: SiteConfig, site: LoadedSite) -> [String] {
        guard let logo = config.logo, !site.media.contains(logo) else { return [] }
        return [logo]
    }
}

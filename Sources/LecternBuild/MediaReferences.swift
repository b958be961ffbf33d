import LecternLoad
import LecternModel

/// Audio and cover art must be files under `Content/` (copied with the site) or https URLs.
enum MediaReferences {
    static func check(_ songs: [Song], site: LoadedSite, diagnostics: inout Diagnostics) {
        for song in songs {
            for (field, value) in [("audio", song.metadata.audio), ("cover", song.metadata.cover)] {
                guard let value else { continue }
                if value.hasPrefix("https://") { continue }
                let parts = value.split(separator: "/")
                if value.hasPrefix("/") || value.contains("://") || parts.contains("..") {
                    diagnostics.error(song.source, "\(field) '\(value)' must be a file under Content/ (like media/x.mp3) or an https URL")
                } else if !site.media.contains(value) {
                    diagnostics.warning(song.source, "\(field) '\(value)' does not exist under Content/media/")
                }
            }
        }
    }
}

import LecternLoad
import LecternModel

/// A song file of any of the three formats, parsed by the parser its extension names. All three
/// give the same `Song`, so everything after parsing is format-blind.
public struct SongParser: Sendable {
    public var markdown: MarkdownSongParser
    public var chordPro: ChordProSongParser
    public var openLyrics: OpenLyricsSongParser

    public init(sectionNames: SectionNames, allowHTML: Bool) {
        markdown = MarkdownSongParser(sectionNames: sectionNames, allowHTML: allowHTML)
        chordPro = ChordProSongParser(sectionNames: sectionNames)
        openLyrics = OpenLyricsSongParser(sectionNames: sectionNames)
    }

    /// `bytes` as read from `path` (relative to the site root). XML is handed its bytes, since its
    /// declaration names their encoding; the text formats are decoded as UTF-8 first.
    public func parse(_ bytes: [UInt8], path: String, diagnostics: inout Diagnostics) -> Song? {
        switch SongFormat.of(path: path) ?? .markdown {
        case .openLyrics:
            return openLyrics.parse(bytes, path: path, diagnostics: &diagnostics)
        case .chordPro:
            return chordPro.parse(SourceFile(decoding: bytes, path: path, diagnostics: &diagnostics), diagnostics: &diagnostics)
        case .markdown:
            return markdown.parse(SourceFile(decoding: bytes, path: path, diagnostics: &diagnostics), diagnostics: &diagnostics)
        }
    }
}

/// Inline text of a lyric or a free slide, with the emphasis the author wrote.
public enum InlineStyle: String, Hashable, Sendable, Comparable {
    case emphasis, strong, code
    public static func < (a: InlineStyle, b: InlineStyle) -> Bool { a.rawValue < b.rawValue }
}

/// A run of text with one set of styles.
public struct StyledText: Hashable, Sendable {
    public var text: String
    public var styles: [InlineStyle]

    public init(_ text: String, styles: [InlineStyle] = []) {
        self.text = text
        self.styles = styles
    }
}

/// A chord and the lyric that is sung from it up to the next chord.
public struct LyricSegment: Hashable, Sendable {
    public var chord: Chord?
    public var lyric: [StyledText]

    public init(chord: Chord?, lyric: [StyledText]) {
        self.chord = chord
        self.lyric = lyric
    }

    public var plainText: String { lyric.map(\.text).joined() }
}

/// One line of lyrics as the author broke it.
public struct LyricLine: Hashable, Sendable {
    public var segments: [LyricSegment]

    public init(segments: [LyricSegment]) { self.segments = segments }

    public var plainText: String { segments.map(\.plainText).joined() }
    public var hasChords: Bool { segments.contains { $0.chord != nil } }
}

/// One projected slide: a paragraph of a section.
public struct Slide: Hashable, Sendable {
    public var lines: [LyricLine]
    public init(lines: [LyricLine]) { self.lines = lines }
}

/// A verse, chorus, bridge...: a `##` heading and its paragraphs.
public struct SongSection: Hashable, Sendable {
    /// `v1`, `c`, `b`, or a slug of the heading.
    public var id: String
    /// The heading as written.
    public var label: String
    public var slides: [Slide]
    public var location: SourceLocation

    public init(id: String, label: String, slides: [Slide], location: SourceLocation) {
        self.id = id
        self.label = label
        self.slides = slides
        self.location = location
    }
}

/// A song's facts other than its lyrics: what lists, albums and search show.
public struct SongMetadata: Hashable, Sendable {
    public var title: String
    public var alternateTitles: [String] = []
    public var authors: [String] = []
    public var artist: String?
    public var album: String?
    public var track: Int?
    public var language: String?
    public var key: String?
    public var capo: String?
    public var tempo: String?
    public var time: String?
    public var ccli: String?
    public var copyright: String?
    public var tags: [String] = []
    public var order: [String] = []
    public var audio: String?
    public var cover: String?

    public init(title: String) { self.title = title }
}

/// A song in any source format, after parsing.
public struct Song: Hashable, Sendable {
    public var id: String
    public var source: SourceLocation
    public var metadata: SongMetadata
    /// Markdown rendered to HTML: text before the first heading. Shown on the song page only.
    public var notesHTML: String
    public var sections: [SongSection]

    public init(id: String, source: SourceLocation, metadata: SongMetadata, notesHTML: String, sections: [SongSection]) {
        self.id = id
        self.source = source
        self.metadata = metadata
        self.notesHTML = notesHTML
        self.sections = sections
    }

    /// The section ids in the order they are sung: the song's `order`, else document order.
    public var defaultOrder: [String] {
        metadata.order.isEmpty ? sections.map(\.id) : metadata.order
    }

    /// The first line of lyrics, for lists and search.
    public var firstLine: String? { sections.first?.slides.first?.lines.first?.plainText }
}

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

    public var plainText: String { lyric.count == 1 ? lyric[0].text : lyric.map(\.text).joined() }
}

/// The same line in another language or a transliteration (OpenLyrics gives a verse once per
/// `lang` and `translit`): shown under the line, never instead of it.
public struct LyricTranslation: Hashable, Sendable {
    /// BCP 47: `en`, or `he-Latn` for Hebrew written in Latin letters.
    public var language: String
    public var text: String

    public init(language: String, text: String) {
        self.language = language
        self.text = text
    }
}

/// One line of lyrics as the author broke it.
public struct LyricLine: Hashable, Sendable {
    public var segments: [LyricSegment]
    public var translations: [LyricTranslation]

    public init(segments: [LyricSegment], translations: [LyricTranslation] = []) {
        self.segments = segments
        self.translations = translations
    }

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
    public var location: SourceLocation
    private var storage: SlideStorage

    /// The paragraphs, one slide each.
    public var slides: [Slide] {
        get {
            switch storage {
            case .slides(let slides): return slides
            case .deferred(let deferred): return deferred.decode()
            }
        }
        set { storage = .slides(newValue) }
    }

    public init(id: String, label: String, slides: [Slide], location: SourceLocation) {
        self.id = id
        self.label = label
        self.location = location
        self.storage = .slides(slides)
    }

    /// A section whose slides are decoded each time they are read, and only then: a one-song
    /// rebuild of a 10,000-song site needs every song's sections but only one song's lyrics.
    public init(id: String, label: String, location: SourceLocation, deferred: DeferredSlides) {
        self.id = id
        self.label = label
        self.location = location
        self.storage = .deferred(deferred)
    }

    public static func == (a: SongSection, b: SongSection) -> Bool {
        a.id == b.id && a.label == b.label && a.location == b.location && a.slides == b.slides
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(label)
        hasher.combine(location)
        hasher.combine(slides)
    }

    private enum SlideStorage: Sendable {
        case slides([Slide])
        case deferred(DeferredSlides)
    }
}

/// Slides not yet decoded (from the parse cache): a function that decodes them.
public struct DeferredSlides: Sendable {
    let decode: @Sendable () -> [Slide]
    public init(_ decode: @escaping @Sendable () -> [Slide]) { self.decode = decode }
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
///
/// Its fields live in one shared box, copied on write: the library, its search data, albums,
/// usage lists and the planner each order or list 10,000 songs, and a copy of a song with its
/// fields inline (six strings and arrays, each retained one by one) was a tenth of a title
/// edit's rebuild. A copy is now one retain. The accessors are inlinable and read in place, so
/// `song.metadata.title` in another module reads straight from the box without copying the
/// rest of the metadata.
public struct Song: Hashable, Sendable {
    public var id: String {
        @inlinable _read { yield box.fields.id }
        @inlinable _modify { uniqueBox(); yield &box.fields.id }
    }
    public var source: SourceLocation {
        @inlinable _read { yield box.fields.source }
        @inlinable _modify { uniqueBox(); yield &box.fields.source }
    }
    public var metadata: SongMetadata {
        @inlinable _read { yield box.fields.metadata }
        @inlinable _modify { uniqueBox(); yield &box.fields.metadata }
    }
    /// Markdown rendered to HTML: text before the first heading. Shown on the song page only.
    public var notesHTML: String {
        @inlinable _read { yield box.fields.notesHTML }
        @inlinable _modify { uniqueBox(); yield &box.fields.notesHTML }
    }
    public var sections: [SongSection] {
        @inlinable _read { yield box.fields.sections }
        set {
            uniqueBox()
            box.fields.sections = newValue
            box.fields.firstLine = Self.firstLine(of: newValue)
        }
    }
    /// The first line of lyrics, for lists and search. Kept, not derived on each read: lists
    /// show it for every song, and reading it would decode each song's deferred slides.
    public var firstLine: String? {
        @inlinable _read { yield box.fields.firstLine }
    }
    @usableFromInline var box: SongBox

    public init(id: String, source: SourceLocation, metadata: SongMetadata, notesHTML: String, sections: [SongSection]) {
        self.init(id: id, source: source, metadata: metadata, notesHTML: notesHTML, sections: sections,
                  firstLine: Self.firstLine(of: sections))
    }

    /// For a song read back from the parse cache, with its first line as it was stored.
    public init(id: String, source: SourceLocation, metadata: SongMetadata, notesHTML: String, sections: [SongSection],
                firstLine: String?) {
        box = SongBox(SongBox.Fields(id: id, source: source, metadata: metadata, notesHTML: notesHTML, sections: sections,
                                     firstLine: firstLine))
    }

    /// Before a change: a box of this song's own unless no other song holds this one.
    @inlinable mutating func uniqueBox() {
        if !isKnownUniquelyReferenced(&box) { box = SongBox(box.fields) }
    }

    private static func firstLine(of sections: [SongSection]) -> String? {
        sections.first?.slides.first?.lines.first?.plainText
    }

    public static func == (a: Song, b: Song) -> Bool { a.box === b.box || a.box.fields == b.box.fields }
    public func hash(into hasher: inout Hasher) { hasher.combine(box.fields) }

    /// The id of the section an order entry names, among `ids`: the entry itself, or `c` for a
    /// song whose chorus is `c1` and the other way round (other tools' files and orders mix the
    /// two). Nil when there is none.
    public static func sectionID(named entry: String, among ids: Set<String>) -> String? {
        if ids.contains(entry) { return entry }
        let alias = entry.count == 1 ? entry + "1" : entry.count == 2 && entry.hasSuffix("1") ? String(entry.prefix(1)) : nil
        return alias.flatMap { ids.contains($0) ? $0 : nil }
    }

    /// The sections in the order `order` sings them (a section sung twice is there twice); an
    /// entry naming no section is skipped.
    public func sections(inOrder order: [String]) -> [SongSection] {
        let byID = Dictionary(sections.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let ids = Set(byID.keys)
        return order.compactMap { Song.sectionID(named: $0, among: ids).flatMap { byID[$0] } }
    }

    /// The section ids in the order they are sung: the song's `order`, else document order.
    public var defaultOrder: [String] {
        metadata.order.isEmpty ? sections.map(\.id) : metadata.order
    }

}

/// A song's fields, shared between copies of it: changed only through `Song`'s accessors,
/// which give a song a box of its own first, so no two songs ever see one change.
@usableFromInline final class SongBox: @unchecked Sendable {
    @usableFromInline struct Fields: Hashable, Sendable {
        @usableFromInline var id: String
        @usableFromInline var source: SourceLocation
        @usableFromInline var metadata: SongMetadata
        @usableFromInline var notesHTML: String
        @usableFromInline var sections: [SongSection]
        @usableFromInline var firstLine: String?
    }

    @usableFromInline var fields: Fields

    @usableFromInline init(_ fields: Fields) { self.fields = fields }
}

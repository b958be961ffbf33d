/// A song's two fingerprints: what lists, albums and services show of it (`summary`), and its
/// lyrics and notes (`body`), so a lyrics edit re-renders the song's own pages and nothing else.
/// A pure function of the parsed song, so the parse cache stores them beside it and an unchanged
/// song of a large library is never hashed again.
public struct SongFingerprints: Hashable, Sendable {
    public var summary: String
    public var body: String

    public init(summary: String, body: String) {
        self.summary = summary
        self.body = body
    }

    public init(_ song: Song) {
        var summary = StableHash()
        summary.add(song.id)
        summary.add(song.metadata)
        for section in song.sections { summary.add(section.id) }
        summary.add(song.firstLine ?? "")
        var body = StableHash()
        for section in song.sections { body.add(section) }
        body.add(song.notesHTML)
        self.init(summary: summary.hex, body: body.hex)
    }
}

/// Feeding model values into a fingerprint, field by field. A field added to the model must be
/// added here too, or a change to it would not re-render the pages that show it
/// (`DependencyTests` and `IncrementalTests` catch most such slips).
extension StableHash {
    public mutating func add(_ value: String?) { add(value ?? "\u{0}") }
    public mutating func add(_ values: [String]) { add(values.joined(separator: "\u{1}")) }
    public mutating func add(_ value: Int?) { add(value.map(String.init)) }
    public mutating func add(_ value: Bool) { add(value ? "1" : "0") }

    public mutating func add(_ m: SongMetadata) {
        add(m.title); add(m.alternateTitles); add(m.authors); add(m.artist); add(m.album); add(m.track)
        add(m.language); add(m.key); add(m.capo); add(m.tempo); add(m.time); add(m.ccli); add(m.copyright)
        add(m.tags); add(m.order); add(m.audio); add(m.cover)
    }

    public mutating func add(_ section: SongSection) {
        add(section.id)
        add(section.label)
        add(section.location.description)
        for slide in section.slides {
            add("slide")
            for line in slide.lines {
                add("line")
                for segment in line.segments {
                    add(segment.chord?.description)
                    add(segment.chord?.annotation != nil) // `[*G]` reads as `[G]` but is not transposed
                    for run in segment.lyric { add(run.text); add(run.styles.map(\.rawValue)) }
                }
                for translation in line.translations { add(translation.language); add(translation.text) }
            }
        }
    }

}

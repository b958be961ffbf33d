import LecternLoad
import LecternModel

/// Reads the `<lines>` of an OpenLyrics verse into slides: `<br/>` breaks a line, white space
/// collapses as in XML, `<chord>` (empty or around text) starts a segment, `<tag>` gives emphasis,
/// `<comment>` is left out.
struct VerseReader {
    let file: SourceFile
    let notation: OpenLyricsChord.Notation

    /// Each `<lines>` is one slide; one with no words and no chords is none.
    func slides(of verse: XMLElement, diagnostics: inout Diagnostics) -> [Slide] {
        verse.elements("lines").compactMap { lines in
            let built = self.lines(of: lines, chords: true, diagnostics: &diagnostics)
            return built.isEmpty ? nil : Slide(lines: built)
        }
    }

    /// The words of each slide's lines, chords left unread: another verse's translation.
    func plainSlides(of verse: XMLElement) -> [[String]] {
        var unused = Diagnostics()
        return verse.elements("lines").map { self.lines(of: $0, chords: false, diagnostics: &unused).map(\.plainText) }
            .filter { !$0.isEmpty }
    }

    private enum Event {
        case text(String, [InlineStyle])
        case chord(Chord)
        case lineBreak
    }

    private func lines(of element: XMLElement, chords: Bool, diagnostics: inout Diagnostics) -> [LyricLine] {
        var events: [Event] = []
        collect(element, styles: [], chords: chords, into: &events, diagnostics: &diagnostics)
        var lines: [LyricLine] = []
        var current: [Event] = []
        for event in events + [.lineBreak] {
            if case .lineBreak = event {
                if let line = Self.line(current) { lines.append(line) }
                current = []
            } else {
                current.append(event)
            }
        }
        return lines
    }

    private func collect(_ element: XMLElement, styles: [InlineStyle], chords: Bool, into events: inout [Event],
                         diagnostics: inout Diagnostics) {
        for child in element.children {
            switch child {
            case .text(let text):
                events.append(.text(text, styles))
            case .element(let e):
                switch e.name {
                case "br": events.append(.lineBreak)
                case "comment": continue
                case "chord":
                    if chords {
                        switch OpenLyricsChord.chord(e, notation: notation) {
                        case .success(let chord): events.append(.chord(chord))
                        case .failure(let failure):
                            diagnostics.warning(file.location(line: e.line, column: e.column), failure.reason)
                            if let fallback = failure.fallback { events.append(.chord(fallback)) }
                        }
                    }
                    collect(e, styles: styles, chords: chords, into: &events, diagnostics: &diagnostics)
                case "tag":
                    let style = Self.style(ofTag: e.attributes["name"] ?? "")
                    collect(e, styles: style.map { Array(Set(styles + [$0])).sorted() } ?? styles, chords: chords,
                            into: &events, diagnostics: &diagnostics)
                default:
                    collect(e, styles: styles, chords: chords, into: &events, diagnostics: &diagnostics)
                }
            }
        }
    }

    /// OpenLP's usual formatting tag names; a colour or other tag keeps its words plain.
    private static func style(ofTag name: String) -> InlineStyle? {
        switch name.lowercased() {
        case "b", "bold", "strong", "st": return .strong
        case "i", "it", "em", "italic": return .emphasis
        default: return nil
        }
    }

    /// One line's events as segments, white space collapsed; nil when it holds nothing.
    private static func line(_ events: [Event]) -> LyricLine? {
        var segments: [LyricSegment] = []
        var current = LyricSegment(chord: nil, lyric: [])
        var pendingSpace = false
        var started = false
        for event in events {
            switch event {
            case .lineBreak: break
            case .chord(let chord):
                // A space before a chord ends the words before it ("now, |rest").
                if pendingSpace && started {
                    if let last = current.lyric.indices.last { current.lyric[last].text += " " } else { current.lyric.append(StyledText(" ")) }
                    pendingSpace = false
                }
                if current.chord != nil || !current.lyric.isEmpty { segments.append(current) }
                current = LyricSegment(chord: chord, lyric: [])
            case .text(let raw, let styles):
                var text = ""
                for c in raw {
                    if c.isWhitespace { pendingSpace = true } else {
                        if pendingSpace && (started || !text.isEmpty) { text.append(" ") }
                        pendingSpace = false
                        text.append(c)
                        started = true
                    }
                }
                guard !text.isEmpty else { continue }
                if let last = current.lyric.last, last.styles == styles {
                    current.lyric[current.lyric.count - 1].text += text
                } else {
                    current.lyric.append(StyledText(text, styles: styles))
                }
            }
        }
        if current.chord != nil || !current.lyric.isEmpty { segments.append(current) }
        return segments.isEmpty ? nil : LyricLine(segments: segments)
    }
}

import Foundation
import LecternModel

/// Turns a paragraph's inline nodes into lyric lines with chords: the text nodes of cmark's AST
/// are scanned for `[chord]`, never the raw Markdown, so emphasis and escapes are respected.
struct LyricLineBuilder {
    /// Private-use stand-ins for `\[` and `\]` while chords are looked for.
    static let escapedOpen = "\u{E000}", escapedClose = "\u{E001}"

    /// `[text]` that is not a chord: kept as text (Markdown) or shown as an annotation (ChordPro,
    /// where every bracket is a chord position), reported by `lectern check`.
    var unknownBrackets: [(text: String, line: Int)] = []
    /// ChordPro: a bracket that is not a chord name is still in the chord row.
    var bracketsAreChords = false

    mutating func lines(of paragraph: MarkdownNode) -> [LyricLine] {
        var lines: [[StyledText]] = [[]]
        var lineNumbers: [Int] = [paragraph.line]
        func collect(_ node: MarkdownNode, _ styles: [InlineStyle]) {
            switch node.kind {
            case .text: append(StyledText(node.literal, styles: styles))
            case .code: append(StyledText(node.literal, styles: (styles + [.code]).sorted()))
            case .softBreak, .lineBreak:
                lines.append([])
                lineNumbers.append((lineNumbers.last ?? paragraph.line) + 1)
            case .emphasis: node.children.forEach { collect($0, Array(Set(styles + [.emphasis])).sorted()) }
            case .strong: node.children.forEach { collect($0, Array(Set(styles + [.strong])).sorted()) }
            case .htmlInline, .image: break
            default: node.children.forEach { collect($0, styles) }
            }
        }
        func append(_ run: StyledText) {
            // Merge runs of equal style: cmark splits text at `[` and `]`, chords must not be.
            if let last = lines[lines.count - 1].last, last.styles == run.styles {
                lines[lines.count - 1][lines[lines.count - 1].count - 1].text += run.text
            } else {
                lines[lines.count - 1].append(run)
            }
        }
        paragraph.children.forEach { collect($0, []) }
        return zip(lines, lineNumbers).map { segments(of: $0.0, line: $0.1) }.map(Self.restoringEscapes)
    }

    private static func restoringEscapes(_ line: LyricLine) -> LyricLine {
        // U+E000 and U+E001 are EE 80 80 and EE 80 81 in UTF-8: a lead byte 0xEE is enough to look closer.
        guard line.segments.contains(where: { $0.lyric.contains { $0.text.containsByte(0xEE) && $0.text.unicodeScalars.contains { $0 == "\u{E000}" || $0 == "\u{E001}" } } }) else {
            return line
        }
        var line = line
        for s in line.segments.indices {
            for r in line.segments[s].lyric.indices {
                line.segments[s].lyric[r].text = line.segments[s].lyric[r].text
                    .replacingOccurrences(of: escapedOpen, with: "[").replacingOccurrences(of: escapedClose, with: "]")
            }
        }
        return line
    }

    /// Splits a line's runs at each `[chord]`: a new segment starts at every chord. `[*text]` is an
    /// annotation: text in the chord row, never transposed.
    mutating func segments(of runs: [StyledText], line: Int) -> LyricLine {
        var segments: [LyricSegment] = []
        var current = LyricSegment(chord: nil, lyric: [])
        for run in runs {
            var rest = Substring(run.text)
            // Searched as UTF-8 bytes: `[` and `]` are ASCII, and the Character view would break
            // every Hebrew or Arabic line into grapheme clusters first. The indices are the same.
            while let open = rest.utf8.firstIndex(of: UInt8(ascii: "[")) {
                guard let close = rest.utf8[open...].firstIndex(of: UInt8(ascii: "]")) else { break }
                let inside = String(rest[rest.utf8.index(after: open)..<close])
                var chord = inside.utf8.count > 1 && inside.utf8.first == UInt8(ascii: "*") ? Chord.annotation(String(inside.dropFirst())) : Chord.parse(inside)
                if chord == nil, bracketsAreChords, !inside.isEmpty {
                    unknownBrackets.append((inside, line))
                    chord = Chord.annotation(inside)
                }
                guard let chord else {
                    unknownBrackets.append((inside, line))
                    current.lyric.append(StyledText(String(rest[...close]), styles: run.styles))
                    rest = rest[rest.utf8.index(after: close)...]
                    continue
                }
                if open > rest.startIndex {
                    current.lyric.append(StyledText(String(rest[..<open]), styles: run.styles))
                }
                if current.chord != nil || !current.lyric.isEmpty { segments.append(current) }
                current = LyricSegment(chord: chord, lyric: [])
                rest = rest[rest.utf8.index(after: close)...]
            }
            if !rest.isEmpty { current.lyric.append(StyledText(String(rest), styles: run.styles)) }
        }
        if current.chord != nil || !current.lyric.isEmpty { segments.append(current) }
        return LyricLine(segments: segments)
    }
}

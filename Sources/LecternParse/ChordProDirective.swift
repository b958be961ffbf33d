import LecternModel

/// One `{name: value}` line of a ChordPro file, split as the ChordPro tools split it: the value
/// after a colon or the first white space; a section's label also as `label="…"`.
struct ChordProDirective {
    /// Lower-cased, with its short alias expanded (`soc` → `start_of_chorus`).
    var name: String
    var value: String
    var column: Int

    /// `line` trimmed; nil when it is not a directive.
    init?(_ line: String, column: Int) {
        guard line.hasPrefix("{"), line.hasSuffix("}") else { return nil }
        let inner = line.dropFirst().dropLast()
        let split = inner.firstIndex { $0 == ":" || $0.isWhitespace } ?? inner.endIndex
        let raw = inner[..<split].lowercased()
        var value = split < inner.endIndex ? String(inner[inner.index(after: split)...]) : ""
        value = value.trimmingWhitespace()
        // A conditional directive (`{title-guitar: …}`) is read as its plain form.
        let base = raw.split(separator: "-", maxSplits: 1).first.map(String.init) ?? raw
        name = Self.aliases[base] ?? base
        self.value = value
        self.column = column
    }

    /// The label of a section directive: `{start_of_verse: Verse 2}` or `{sov label="Verse 2"}`;
    /// markup inside it (an image, say) is dropped.
    var label: String {
        var text = value
        if let attr = text.range(of: "label=\""), let end = text[attr.upperBound...].firstIndex(of: "\"") {
            text = String(text[attr.upperBound..<end])
        } else if text.contains("=\"") {
            text = "" // other attributes only (`align=right`)
        }
        return ChordProMarkup.runs(text).map(\.text).joined().trimmingWhitespace()
    }

    /// Short names and spellings the ChordPro tools accept.
    static let aliases: [String: String] = [
        "t": "title", "st": "subtitle", "su": "subtitle",
        "c": "comment", "ci": "comment_italic", "cb": "comment_box",
        "soc": "start_of_chorus", "eoc": "end_of_chorus",
        "sov": "start_of_verse", "eov": "end_of_verse",
        "sob": "start_of_bridge", "eob": "end_of_bridge",
        "sot": "start_of_tab", "eot": "end_of_tab",
        "sog": "start_of_grid", "eog": "end_of_grid",
        "ns": "new_song", "np": "new_page", "npp": "new_physical_page",
        "colb": "column_break", "col": "columns", "g": "grid", "ng": "no_grid",
        "textcolor": "textcolour", "chordcolor": "chordcolour",
    ]

    /// Directives about print layout, fonts, chord diagrams and pictures: valid ChordPro with
    /// nothing to show on a page of lyrics or a slide, so they are left out without a warning.
    static let layoutOnly: Set<String> = [
        "new_page", "new_physical_page", "column_break", "columns", "titles", "diagrams", "no_diagrams",
        "grid", "no_grid", "image", "pagetype", "sorttitle", "duration",
        "year", "arranger", "highlight", "footer", "new_song",
        "textfont", "textsize", "textcolour", "chordfont", "chordsize", "chordcolour", "tabfont", "tabsize",
        "tabcolour", "titlefont", "titlesize", "titlecolour", "footerfont", "footersize", "footercolour",
        "tocfont", "tocsize", "toccolour", "gridfont", "gridsize", "gridcolour", "labelfont", "labelsize",
    ]
}

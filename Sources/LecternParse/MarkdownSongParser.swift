import Foundation
import LecternLoad
import LecternModel

/// Parses a Markdown song: front matter for metadata, `##` headings for sections,
/// paragraphs for slides, `[chords]` from the AST's text nodes.
public struct MarkdownSongParser: Sendable {
    public var sectionNames: SectionNames
    public var allowHTML: Bool

    public init(sectionNames: SectionNames, allowHTML: Bool) {
        self.sectionNames = sectionNames
        self.allowHTML = allowHTML
    }

    static let knownFields: Set<String> = [
        "id", "title", "alternate_titles", "authors", "artist", "album", "track", "language", "key", "capo",
        "tempo", "time", "ccli", "copyright", "tags", "order", "audio", "cover",
    ]

    public func parse(_ file: SourceFile, diagnostics: inout Diagnostics) -> Song? {
        guard let (fieldsOrNil, doc) = FrontMatterReader.read(file, required: false, diagnostics: &diagnostics) else { return nil }
        guard let fields = fieldsOrNil, let title = fields.string("title", diagnostics: &diagnostics),
              !title.trimmingWhitespace().isEmpty else {
            diagnostics.error(fieldsOrNil?.location ?? file.location(), "a song needs a title: add `title: ...` to its front matter")
            return nil
        }
        FrontMatterReader.warnUnknownKeys(fields, known: Self.knownFields, diagnostics: &diagnostics)
        var meta = SongMetadata(title: title)
        meta.alternateTitles = fields.strings("alternate_titles", diagnostics: &diagnostics)
        meta.authors = fields.strings("authors", diagnostics: &diagnostics)
        meta.artist = fields.string("artist", diagnostics: &diagnostics)
        meta.album = fields.string("album", diagnostics: &diagnostics)
        meta.track = fields.int("track", diagnostics: &diagnostics)
        meta.language = fields.string("language", diagnostics: &diagnostics)
        meta.key = fields.string("key", diagnostics: &diagnostics)
        meta.capo = fields.string("capo", diagnostics: &diagnostics)
        meta.tempo = fields.string("tempo", diagnostics: &diagnostics)
        meta.time = fields.string("time", diagnostics: &diagnostics)
        meta.ccli = fields.string("ccli", diagnostics: &diagnostics)
        meta.copyright = fields.string("copyright", diagnostics: &diagnostics)
        meta.tags = fields.strings("tags", diagnostics: &diagnostics)
        meta.order = fields.strings("order", diagnostics: &diagnostics)
        meta.audio = media("audio", fields, diagnostics: &diagnostics)
        meta.cover = media("cover", fields, diagnostics: &diagnostics)
        if let key = meta.key, Chord.parse(key) == nil {
            diagnostics.warning(fields.location(of: fields.node("key")!), "key '\(key)' is not a chord name such as G or Em")
        }

        let id = DocumentID.resolve(fields, file: file, diagnostics: &diagnostics)
        let (notes, sections) = body(doc, file: file, diagnostics: &diagnostics)
        let known = Set(sections.map(\.id))
        if let orderNode = fields.node("order") {
            for entry in meta.order where Song.sectionID(named: entry, among: known) == nil {
                diagnostics.warning(fields.location(of: orderNode),
                                    "order names '\(entry)', but the song has no such section (it has: \(sections.map(\.id).joined(separator: ", ")))")
            }
        }
        return Song(id: id, source: file.location(), metadata: meta, notesHTML: notes, sections: sections)
    }

    private func body(_ doc: FrontMatterDocument, file: SourceFile, diagnostics: inout Diagnostics) -> (String, [SongSection]) {
        // cmark resolves `\[` to a plain "[" in the tree; stand-ins keep an escaped bracket from
        // being read as a chord, and become brackets again in the lyrics.
        let tree = Markdown.parse(!doc.body.containsByte(UInt8(ascii: "\\")) ? doc.body
            : doc.body.replacingOccurrences(of: "\\[", with: LyricLineBuilder.escapedOpen)
                .replacingOccurrences(of: "\\]", with: LyricLineBuilder.escapedClose))
        var sections: [SongSection] = []
        var sectionIDs = SectionIDs(names: sectionNames)
        var lineBuilder = LyricLineBuilder()
        var notesEndLine: Int?
        func fileLine(_ bodyLine: Int) -> Int { doc.bodyFirstLine + bodyLine - 1 }

        for node in tree.children {
            if node.kind == .heading && node.headingLevel == 2 {
                if notesEndLine == nil { notesEndLine = node.line - 1 }
                let (label, explicitID) = splitExplicitID(node.plainText)
                if explicitID == nil, label.hasSuffix("}"), label.contains("{#") {
                    diagnostics.warning(file.location(line: fileLine(node.line), column: node.column),
                                        "'\(label)': a section id in {#...} must be lower-case letters, digits and '-'; it is read as part of the heading")
                }
                let (id, duplicate) = sectionIDs.next(label: label, explicit: explicitID)
                if let duplicate {
                    diagnostics.warning(file.location(line: fileLine(node.line), column: node.column),
                                        "section id '\(duplicate)' is used twice; this one is '\(id)'")
                }
                sections.append(SongSection(id: id, label: label, slides: [],
                                            location: file.location(line: fileLine(node.line), column: node.column)))
            } else if sections.isEmpty {
                continue // part of the notes
            } else if node.kind == .paragraph {
                let lines = lineBuilder.lines(of: node)
                sections[sections.count - 1].slides.append(Slide(lines: lines))
            } else {
                diagnostics.warning(file.location(line: fileLine(node.line), column: node.column),
                                    "only paragraphs become slides; this block is left out of the lyrics")
            }
        }
        for bracket in lineBuilder.unknownBrackets {
            diagnostics.warning(file.location(line: fileLine(bracket.line)),
                                "'[\(bracket.text)]' is not a chord; it is shown as text")
        }
        // Notes: the Markdown before the first `##` heading, rendered on its own.
        let notesText = notesEndLine.map { Self.prefix(lines: $0, of: doc.body) } ?? doc.body[...]
        let notes = notesText.allSatisfy(\.isWhitespace) ? "" : Markdown.html(String(notesText), allowHTML: allowHTML)
        return (notes, sections)
    }

    /// `audio:` or `cover:`, reported at its line and left out when it names neither a file
    /// under `Content/` nor an https URL.
    private func media(_ key: String, _ fields: YAMLFields, diagnostics: inout Diagnostics) -> String? {
        guard let value = fields.string(key, diagnostics: &diagnostics) else { return nil }
        if let problem = ContentPath.mediaProblem(field: key, value) {
            diagnostics.error(fields.location(ofKey: key), problem)
            return nil
        }
        return value
    }

    /// The first `count` lines of `text`, without the line break after them. Found as bytes: the
    /// text was decoded with `\n` line breaks, and a Character view would segment every song.
    static func prefix(lines count: Int, of text: String) -> Substring {
        guard count > 0 else { return text[text.startIndex..<text.startIndex] }
        var remaining = count
        var start = text.utf8.startIndex
        while let lineBreak = text.utf8[start...].firstIndex(of: UInt8(ascii: "\n")) {
            remaining -= 1
            if remaining == 0 { return text[..<lineBreak] }
            start = text.utf8.index(after: lineBreak)
        }
        return text[...]
    }

    /// `Refrain {#c}` → ("Refrain", "c").
    private func splitExplicitID(_ heading: String) -> (String, String?) {
        let text = heading.trimmingWhitespace()
        guard text.hasSuffix("}"), text.contains("{#"), let open = text.range(of: "{#", options: .backwards) else { return (text, nil) }
        let id = String(text[open.upperBound..<text.index(before: text.endIndex)])
        guard Slug.isValid(id) else { return (text, nil) }
        return (String(text[..<open.lowerBound]).trimmingWhitespace(), id)
    }
}

import LecternLoad
import LecternModel
import Yams

/// Parses a service file: front matter with the order of service, Markdown body as public notes.
public struct ServiceParser: Sendable {
    public var allowHTML: Bool

    public init(allowHTML: Bool) { self.allowHTML = allowHTML }

    static let knownFields: Set<String> = ["id", "title", "date", "active", "leader", "draft", "private_notes", "items"]
    static let songItemFields: Set<String> = ["song", "key", "order", "note"]

    public func parse(_ file: SourceFile, diagnostics: inout Diagnostics) -> Service? {
        guard let (fieldsOrNil, doc) = FrontMatterReader.read(file, required: true, diagnostics: &diagnostics),
              let fields = fieldsOrNil else { return nil }
        FrontMatterReader.warnUnknownKeys(fields, known: Self.knownFields, diagnostics: &diagnostics)
        var ok = true
        let title = fields.string("title", diagnostics: &diagnostics)
        if title == nil {
            diagnostics.error(fields.location, "a service needs a title: add `title: ...`")
            ok = false
        }
        var date: LocalDateTime?
        if let text = fields.string("date", diagnostics: &diagnostics) {
            date = Self.parseDateTime(text)
            if date == nil {
                diagnostics.error(fields.location(of: fields.node("date")!), "date '\(text)' must be YYYY-MM-DD or YYYY-MM-DD HH:MM")
                ok = false
            }
        } else {
            diagnostics.error(fields.location, "a service needs a date: add `date: YYYY-MM-DD HH:MM`")
            ok = false
        }
        let items = parseItems(fields, diagnostics: &diagnostics)
        guard ok, let title, let date else { return nil }
        return Service(
            id: DocumentID.resolve(fields, file: file, diagnostics: &diagnostics),
            source: file.location(), title: title, date: date,
            active: fields.bool("active", diagnostics: &diagnostics) ?? false,
            activeLocation: fields.node("active").map { fields.location(of: $0) },
            leader: fields.string("leader", diagnostics: &diagnostics),
            draft: fields.bool("draft", diagnostics: &diagnostics) ?? false,
            privateNotes: fields.string("private_notes", diagnostics: &diagnostics),
            items: items,
            notesHTML: doc.body.trimmingWhitespace().isEmpty ? "" : Markdown.html(doc.body, allowHTML: allowHTML)
        )
    }

    /// `2026-11-22 10:00`, `2026-11-22T10:00` or `2026-11-22`.
    public static func parseDateTime(_ text: String) -> LocalDateTime? {
        let trimmed = text.trimmingWhitespace()
        let parts = trimmed.split(whereSeparator: { $0 == " " || $0 == "T" })
        guard let first = parts.first, let date = CalendarDate(iso: first) else { return nil }
        guard parts.count > 1 else { return parts.count == 1 ? LocalDateTime(date: date, time: nil) : nil }
        guard parts.count == 2 else { return nil }
        let hm = parts[1].split(separator: ":")
        guard hm.count == 2 || hm.count == 3, hm.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
              let h = Int(hm[0]), let m = Int(hm[1]), (0...23).contains(h), (0...59).contains(m),
              hm.count == 2 || Int(hm[2]).map({ (0...59).contains($0) }) == true else { return nil }
        return LocalDateTime(date: date, time: TimeOfDay(hour: h, minute: m))
    }

    private func parseItems(_ fields: YAMLFields, diagnostics: inout Diagnostics) -> [ServiceItem] {
        guard let node = fields.node("items") else { return [] }
        guard case .sequence(let seq) = node else {
            diagnostics.error(fields.location(of: node), "'items' must be a list, one `- ` line per item")
            return []
        }
        var items: [ServiceItem] = []
        for entry in seq {
            let at = fields.location(of: entry)
            if let scalar = entry.scalar {
                items.append(.song(SongReference(songID: scalar.string, location: at)))
                continue
            }
            guard let item = fields.nested(entry) else {
                diagnostics.error(at, "an item is a song id, or a mapping with `song:`, `heading:` or `slide:`")
                continue
            }
            if item.node("song") != nil {
                for key in item.keys where !Self.songItemFields.contains(key) {
                    diagnostics.error(item.location(ofKey: key), "unknown field '\(key)' in a song item (use song, key, order, note)")
                }
                guard let id = item.string("song", diagnostics: &diagnostics) else { continue }
                let order = item.node("order") == nil ? nil : item.strings("order", diagnostics: &diagnostics)
                let key = item.string("key", diagnostics: &diagnostics)
                if let key, Chord.parse(key) == nil {
                    diagnostics.error(item.location(of: item.node("key")!), "key '\(key)' is not a key such as G, Bb or F#m")
                }
                items.append(.song(SongReference(songID: id, key: key, order: order,
                                                 note: item.string("note", diagnostics: &diagnostics),
                                                 location: item.location(of: item.node("song")!))))
            } else if let heading = item.string("heading", diagnostics: &diagnostics) {
                for key in item.keys where key != "heading" && key != "text" {
                    diagnostics.error(item.location(ofKey: key), "unknown field '\(key)' in a heading item (use heading, text)")
                }
                items.append(.heading(title: heading, text: item.string("text", diagnostics: &diagnostics)))
            } else if let slide = item.string("slide", diagnostics: &diagnostics) {
                for key in item.keys where key != "slide" {
                    diagnostics.error(item.location(ofKey: key), "unknown field '\(key)' in a slide item")
                }
                items.append(.slide(html: Markdown.html(slide, allowHTML: allowHTML), text: Markdown.parse(slide).words))
            } else {
                diagnostics.error(item.location, "an item needs `song:`, `heading:` or `slide:`")
            }
        }
        return items
    }
}

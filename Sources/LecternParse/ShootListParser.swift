import LecternLoad
import LecternModel

/// Parses a shoot list (or template): front matter, intro Markdown, `##` categories whose
/// task-list items are the photos to take, each with an optional `key: value` sub-list.
public struct ShootListParser: Sendable {
    public var allowHTML: Bool

    public init(allowHTML: Bool) { self.allowHTML = allowHTML }

    static let knownFields: Set<String> = [
        "id", "school", "school_year", "date", "photographers", "extends", "template", "public", "required_by_default",
    ]
    static let attributes: Set<String> = ["required", "done", "by", "session", "images", "notes", "id"]

    /// `relativePath` is the file's path under `Content/shootlists/`.
    public func parse(_ file: SourceFile, relativePath: String, diagnostics: inout Diagnostics) -> ShootList? {
        guard let (fieldsOrNil, doc) = FrontMatterReader.read(file, required: true, diagnostics: &diagnostics),
              let fields = fieldsOrNil else { return nil }
        FrontMatterReader.warnUnknownKeys(fields, known: Self.knownFields, diagnostics: &diagnostics)
        let isTemplate = fields.bool("template", diagnostics: &diagnostics) ?? false
        let school = fields.string("school", diagnostics: &diagnostics)
        var ok = true
        if school == nil && !isTemplate {
            diagnostics.error(fields.location, "a shoot list needs a school: add `school: ...`")
            ok = false
        }
        var date: CalendarDate?
        if let text = fields.string("date", diagnostics: &diagnostics) {
            date = CalendarDate(iso: text)
            if date == nil {
                diagnostics.error(fields.location(of: fields.node("date")!), "date '\(text)' must be YYYY-MM-DD")
                ok = false
            }
        }
        var year: SchoolYear?
        if let text = fields.string("school_year", diagnostics: &diagnostics) {
            year = SchoolYear(parsing: text)
            if year == nil {
                diagnostics.error(fields.location(of: fields.node("school_year")!),
                                  "school year '\(text)' must be two consecutive years, like 2025-2026")
                ok = false
            } else if let year, let date, !year.contains(date) {
                diagnostics.warning(fields.location(of: fields.node("date")!),
                                    "date \(date) is outside school year \(year) (years start on August 1)")
            }
        } else if let date {
            year = SchoolYear(containing: date)
        } else if !isTemplate {
            diagnostics.error(fields.location, "a shoot list needs `school_year: YYYY-YYYY` or a `date:` to derive it from")
            ok = false
        }
        let requiredByDefault = fields.bool("required_by_default", diagnostics: &diagnostics) ?? true
        let (intro, categories) = body(doc, file: file, requiredByDefault: requiredByDefault, diagnostics: &diagnostics)
        guard ok else { return nil }
        var path = relativePath
        if let dot = path.lastIndex(of: "."), !path[dot...].contains("/") { path = String(path[..<dot]) }
        return ShootList(
            id: DocumentID.resolve(fields, file: file, diagnostics: &diagnostics), path: path,
            source: file.location(), school: school ?? "", schoolYear: year, date: date,
            photographers: fields.strings("photographers", diagnostics: &diagnostics),
            extends: fields.string("extends", diagnostics: &diagnostics),
            extendsLocation: fields.node("extends").map { fields.location(of: $0) },
            isTemplate: isTemplate, isPublic: fields.bool("public", diagnostics: &diagnostics) ?? false,
            introHTML: intro, categories: categories)
    }

    private func body(_ doc: FrontMatterDocument, file: SourceFile, requiredByDefault: Bool,
                      diagnostics: inout Diagnostics) -> (String, [ShootCategory]) {
        let tree = Markdown.parse(doc.body)
        let bodyLines = doc.body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func at(_ node: MarkdownNode) -> SourceLocation {
            file.location(line: doc.bodyFirstLine + node.line - 1, column: node.column)
        }
        var categories: [ShootCategory] = []
        var introEnd: Int?
        for node in tree.children {
            if node.kind == .heading && node.headingLevel == 2 {
                if introEnd == nil { introEnd = node.line - 1 }
                categories.append(ShootCategory(name: node.plainText.trimmingWhitespace(), items: []))
            } else if categories.isEmpty {
                continue // intro
            } else if node.kind == .list {
                for itemNode in node.children where itemNode.kind == .item {
                    if let item = item(itemNode, at: at, source: bodyLines, requiredByDefault: requiredByDefault, diagnostics: &diagnostics) {
                        categories[categories.count - 1].items.append(item)
                    }
                }
            } else {
                diagnostics.warning(at(node), "only a list of `- [ ] item` lines belongs under a category; this block is ignored")
            }
        }
        let lines = doc.body.split(separator: "\n", omittingEmptySubsequences: false)
        let introText = lines.prefix(introEnd ?? lines.count).joined(separator: "\n")
        let intro = introText.trimmingWhitespace().isEmpty ? "" : Markdown.html(introText, allowHTML: allowHTML)
        return (intro, categories)
    }

    private func item(_ node: MarkdownNode, at: (MarkdownNode) -> SourceLocation, source: [String], requiredByDefault: Bool,
                      diagnostics: inout Diagnostics) -> ShootItem? {
        guard let first = node.children.first, first.kind == .paragraph else {
            diagnostics.warning(at(node), "an empty item is ignored")
            return nil
        }
        var text = first.plainText
        var done = false
        if text.hasPrefix("[x]") || text.hasPrefix("[X]") {
            done = true
            text.removeFirst(3)
        } else if text.hasPrefix("[ ]") {
            text.removeFirst(3)
        } else {
            diagnostics.warning(at(node), "an item should start with [ ] or [x]; counted as not done")
        }
        let name = String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "").trimmingWhitespace()
        // The description is the Markdown source after the name line, as written (links,
        // emphasis and escapes intact): the first paragraph's other lines, then later paragraphs.
        var descriptionLines: [String] = first.endLine > first.line ? lines(source, first.line + 1, first.endLine) : []
        var item = ShootItem(name: name, done: done, required: requiredByDefault, location: at(node))
        for child in node.children.dropFirst() {
            if child.kind == .list {
                for attr in child.children where attr.kind == .item {
                    apply(attribute: attr, to: &item, at: at, diagnostics: &diagnostics)
                }
            } else {
                if !descriptionLines.isEmpty { descriptionLines.append("") }
                descriptionLines += lines(source, child.line, child.endLine)
            }
        }
        let description = descriptionLines.map { $0.trimmingWhitespace() }.joined(separator: "\n")
        if !description.trimmingWhitespace().isEmpty {
            item.descriptionHTML = Markdown.html(description, allowHTML: allowHTML)
        }
        if item.doneDate != nil && !item.done {
            diagnostics.warning(item.location, "'\(item.name)' has a done date but is not checked [x]; it counts as not done")
        }
        return item
    }

    /// Source lines `from...to` (1-based, inclusive), clamped to the text.
    private func lines(_ source: [String], _ from: Int, _ to: Int) -> [String] {
        let lo = max(1, from), hi = min(source.count, to)
        return lo <= hi ? Array(source[(lo - 1)...(hi - 1)]) : []
    }

    private func apply(attribute node: MarkdownNode, to item: inout ShootItem, at: (MarkdownNode) -> SourceLocation,
                       diagnostics: inout Diagnostics) {
        let text = node.plainText.trimmingWhitespace()
        // Point at the `key: value` text itself, after the list marker.
        let here = at(node.children.first ?? node)
        guard let colon = text.firstIndex(of: ":") else {
            diagnostics.error(here, "an item attribute is a `key: value` line; got '\(text)'")
            return
        }
        let key = String(text[..<colon]).trimmingWhitespace().lowercased()
        let value = String(text[text.index(after: colon)...]).trimmingWhitespace()
        switch key {
        case "required":
            guard let b = YAMLFields.parseBool(value) else {
                diagnostics.error(here, "required must be yes or no, not '\(value)'")
                return
            }
            item.required = b
        case "done":
            guard let date = CalendarDate(iso: value) else {
                diagnostics.error(here, "done must be a date YYYY-MM-DD, not '\(value)'")
                return
            }
            item.doneDate = date
        case "by": item.by = value
        case "session": item.session = value
        case "images": item.images = value
        case "notes": item.notes = value
        case "id":
            guard Slug.isValid(value) else {
                diagnostics.error(here, "id '\(value)' must be lower-case letters, digits and '-'")
                return
            }
            item.id = value
        default:
            let known = Self.attributes.sorted().joined(separator: ", ")
            diagnostics.error(here, "unknown attribute '\(key)' (allowed: \(known))")
        }
    }
}

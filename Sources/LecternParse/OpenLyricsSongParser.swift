import LecternLoad
import LecternModel

/// Parses an OpenLyrics song (`.xml`, as OpenLP and others export it) into the same model as a
/// Markdown song.
///
/// The bugs other tools' users reported are the rules here: `verseOrder` is the song's order;
/// every `<lines>` of a verse is read (each is a slide); a verse given once per language or
/// transliteration shows the song's own language with the others as translation lines; chords of
/// both styles, also inside formatting tags; `<comment>` and instrumental parts are not lyrics.
public struct OpenLyricsSongParser: Sendable {
    public var sectionNames: SectionNames

    public init(sectionNames: SectionNames) { self.sectionNames = sectionNames }

    /// `bytes` as read: the XML declaration names their encoding.
    public func parse(_ bytes: [UInt8], path: String, diagnostics: inout Diagnostics) -> Song? {
        let file = SourceFile(path: path, text: "")
        let root: XMLElement
        switch XMLElement.parse(bytes) {
        case .failure(let failure):
            diagnostics.error(file.location(line: failure.line, column: failure.column),
                              "this OpenLyrics file is not well-formed XML: \(failure.message)")
            return nil
        case .success(let element):
            root = element
        }
        guard root.name == "song" else {
            diagnostics.error(file.location(line: root.line, column: root.column),
                              "not an OpenLyrics song: the document element is <\(root.name)>, not <song>")
            return nil
        }
        let properties = root.element("properties")
        let language = Self.songLanguage(root)
        let notation = OpenLyricsChord.Notation(root.attributes["chordNotation"])

        var meta = SongMetadata(title: "")
        let titles = properties?.element("titles")?.elements("title") ?? []
        let primaryTitle = titles.first { $0.attributes["original"] == "true" && Self.matches($0, language) }
            ?? titles.first { Self.matches($0, language) } ?? titles.first
        meta.title = primaryTitle.map { Self.collapsed($0.text) } ?? ""
        if meta.title.isEmpty {
            diagnostics.warning(file.location(line: properties?.line ?? root.line), "the song has no <title>; the file name is used as the title")
            meta.title = file.baseName
        }
        for title in titles.map({ Self.collapsed($0.text) }) where !title.isEmpty && title != meta.title && !meta.alternateTitles.contains(title) {
            meta.alternateTitles.append(title)
        }
        for author in properties?.element("authors")?.elements("author") ?? [] {
            let name = Self.collapsed(author.text)
            if !name.isEmpty, !meta.authors.contains(name) { meta.authors.append(name) }
        }
        meta.language = language
        meta.copyright = properties?.element("copyright").map { Self.collapsed($0.text) }
        meta.ccli = properties?.element("ccliNo").map { Self.collapsed($0.text) }
        meta.key = properties?.element("key").map { Self.collapsed($0.text) }
        meta.tempo = properties?.element("tempo").map { Self.collapsed($0.text) }
        meta.time = properties?.element("timeSignature").map { Self.collapsed($0.text) }
        meta.tags = (properties?.element("themes")?.elements("theme") ?? [])
            .filter { Self.matches($0, language) || $0.attributes["lang"] == nil }.map { Self.collapsed($0.text) }
        let notes = (properties?.element("comments")?.elements("comment") ?? []).map { Self.collapsed($0.text) }
        let shift = properties?.element("transposition").flatMap { Int(Self.collapsed($0.text)) } ?? 0

        var reader = VerseReader(file: file, notation: notation, diagnostics: diagnostics)
        var sectionIDs = SectionIDs(names: sectionNames)
        var sections: [SongSection] = []
        var instrumental: Set<String> = []
        let lyrics = root.element("lyrics")
        // Verses by name, in the order names first appear; each name's variants by language.
        var names: [String] = []
        var variants: [String: [XMLElement]] = [:]
        for child in lyrics?.children ?? [] {
            guard case .element(let e) = child else { continue }
            let name = (e.attributes["name"] ?? "").trimmingWhitespace().lowercased()
            if e.name == "instrument" { instrumental.insert(name); continue }
            guard e.name == "verse" else { continue }
            if variants[name] == nil { names.append(name) }
            variants[name, default: []].append(e)
        }
        for name in names {
            let all = variants[name]!
            let primaryIndex = all.firstIndex { Self.matches($0, language) && $0.attributes["translit"] == nil }
                ?? all.firstIndex { $0.attributes["lang"] == nil } ?? 0
            let primary = all[primaryIndex]
            let rest = all.indices.filter { $0 != primaryIndex }.map { all[$0] }
            let others = rest.filter { !Self.sameLanguage($0, primary) }
            let duplicates = rest.filter { Self.sameLanguage($0, primary) }
            var slides = reader.slides(of: primary)
            for other in others {
                let language = Self.translationLanguage(other)
                for (s, translated) in reader.plainSlides(of: other).enumerated() where s < slides.count {
                    for (l, text) in translated.enumerated() where l < slides[s].lines.count && !text.isEmpty {
                        slides[s].lines[l].translations.append(LyricTranslation(language: language, text: text))
                    }
                }
            }
            let explicit = Slug.isValid(name) ? name : nil
            let (id, duplicate) = sectionIDs.next(label: name, explicit: explicit ?? (name.isEmpty ? nil : Slug.make(name)))
            let location = file.location(line: primary.line, column: primary.column)
            if let duplicate { reader.diagnostics.warning(location, "verse name '\(duplicate)' is used twice; this one is '\(id)'") }
            sections.append(SongSection(id: id, label: Self.label(forName: name), slides: slides, location: location))
            for extra in duplicates {
                // The same name and language twice: OpenLP keeps both, so do we, under a new id.
                let (extraID, _) = sectionIDs.next(label: name, explicit: id)
                reader.diagnostics.warning(file.location(line: extra.line, column: extra.column),
                                           "verse '\(name)' is given twice in the same language; this one is '\(extraID)'")
                sections.append(SongSection(id: extraID, label: Self.label(forName: name), slides: reader.slides(of: extra),
                                            location: file.location(line: extra.line, column: extra.column)))
            }
        }
        diagnostics = reader.diagnostics

        if let orderElement = properties?.element("verseOrder") {
            let known = Set(sections.map(\.id))
            for entry in Self.collapsed(orderElement.text).lowercased().split(separator: " ").map(String.init) {
                if let id = Song.sectionID(named: entry, among: known) {
                    meta.order.append(id)
                } else if !instrumental.contains(entry) {
                    diagnostics.warning(file.location(line: orderElement.line, column: orderElement.column),
                                        "verseOrder names '\(entry)', but the song has no such verse (it has: \(sections.map(\.id).joined(separator: ", ")))")
                }
            }
        }
        let firstChord = sections.lazy.flatMap(\.slides).flatMap(\.lines).flatMap(\.segments).compactMap(\.chord).first { $0.isPitched }
        if shift != 0, let key = MusicalKey.songKey(meta.key, firstChord: firstChord) {
            for s in sections.indices {
                sections[s].slides = sections[s].slides.map { slide in
                    var slide = slide
                    for l in slide.lines.indices {
                        for g in slide.lines[l].segments.indices {
                            slide.lines[l].segments[g].chord = slide.lines[l].segments[g].chord?.transposed(from: key, to: key.transposed(by: shift))
                        }
                    }
                    return slide
                }
            }
        }
        let notesHTML = notes.isEmpty ? "" : Markdown.html(notes.joined(separator: "\n\n"), allowHTML: false)
        return Song(id: Slug.make(SourceFile(path: path, text: "").baseName), source: file.location(), metadata: meta,
                    notesHTML: notesHTML, sections: sections)
    }

    /// The language the song is sung in here: `xml:lang` on `<song>`, else the original title's,
    /// else the first verse's, else the first title's.
    static func songLanguage(_ root: XMLElement) -> String? {
        if let lang = root.attributes["xml:lang"], !lang.isEmpty { return lang }
        let titles = root.element("properties")?.element("titles")?.elements("title") ?? []
        if let lang = titles.first(where: { $0.attributes["original"] == "true" })?.attributes["lang"] { return lang }
        if let lang = root.element("lyrics")?.elements("verse").first?.attributes["lang"] { return lang }
        return titles.first?.attributes["lang"]
    }

    /// Written in `language` (same primary subtag), not transliterated.
    static func matches(_ element: XMLElement, _ language: String?) -> Bool {
        guard element.attributes["translit"] == nil else { return false }
        guard let language, let lang = element.attributes["lang"] else { return true }
        return primary(lang) == primary(language)
    }

    static func sameLanguage(_ a: XMLElement, _ b: XMLElement) -> Bool {
        a.attributes["lang"].map(primary) == b.attributes["lang"].map(primary) && a.attributes["translit"] == b.attributes["translit"]
    }

    static func primary(_ lang: String) -> String { lang.split(separator: "-").first.map { $0.lowercased() } ?? lang.lowercased() }

    /// `lang="he" translit="en"` is Hebrew in Latin letters: `he-Latn`.
    static func translationLanguage(_ verse: XMLElement) -> String {
        let lang = verse.attributes["lang"] ?? ""
        return verse.attributes["translit"] != nil ? primary(lang) + "-Latn" : lang
    }

    /// No label for the conventional names (`v1`, `c`, `b`): pages name those in their own
    /// language. Any other name is its own label.
    static func label(forName name: String) -> String {
        SectionKind.of(id: name) == nil ? name : ""
    }

    /// White space runs as one space, trimmed: in XML a line break in the source is not one in
    /// the lyrics (`<br/>` is).
    static func collapsed(_ text: String) -> String {
        var out = ""
        var space = false
        for c in text {
            if c.isWhitespace { space = !out.isEmpty } else {
                if space { out.append(" ") }
                out.append(c)
                space = false
            }
        }
        return out
    }
}

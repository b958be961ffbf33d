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
        meta.title = primaryTitle.map { $0.words } ?? ""
        if meta.title.isEmpty {
            diagnostics.warning(file.location(line: properties?.line ?? root.line), "the song has no <title>; the file name is used as the title")
            meta.title = file.baseName
        }
        for title in titles.map({ $0.words }) where !title.isEmpty && title != meta.title && !meta.alternateTitles.contains(title) {
            meta.alternateTitles.append(title)
        }
        for author in properties?.element("authors")?.elements("author") ?? [] {
            let name = author.words
            if !name.isEmpty, !meta.authors.contains(name) { meta.authors.append(name) }
        }
        meta.language = language
        meta.copyright = properties?.element("copyright").map { $0.words }
        meta.ccli = properties?.element("ccliNo").map { $0.words }
        meta.key = properties?.element("key").map { $0.words }
        meta.tempo = properties?.element("tempo").map { $0.words }
        meta.time = properties?.element("timeSignature").map { $0.words }
        meta.tags = (properties?.element("themes")?.elements("theme") ?? [])
            .filter { Self.matches($0, language) || $0.attributes["lang"] == nil }.map { $0.words }
        let notes = (properties?.element("comments")?.elements("comment") ?? []).map { $0.words }
        let shift = properties?.element("transposition").flatMap { Int($0.words) } ?? 0

        let reader = VerseReader(file: file, notation: notation)
        var sectionIDs = SectionIDs(names: sectionNames)
        var sections: [SongSection] = []
        var instrumental: Set<String> = []
        let lyrics = root.element("lyrics")
        // Verses by name, in the order names first appear; each name's variants by language.
        var names: [String] = []
        var writtenNames: [String: String] = [:]
        var variants: [String: [XMLElement]] = [:]
        for child in lyrics?.children ?? [] {
            guard case .element(let e) = child else { continue }
            let written = (e.attributes["name"] ?? "").trimmingWhitespace()
            let name = written.lowercased()
            if e.name == "instrument" { instrumental.insert(name); continue }
            guard e.name == "verse" else { continue }
            if variants[name] == nil { names.append(name); writtenNames[name] = written }
            variants[name, default: []].append(e)
        }
        for name in names {
            let all = variants[name]!
            let primaryIndex = all.firstIndex { Self.matches($0, language) } ?? all.firstIndex { $0.attributes["lang"] == nil } ?? 0
            let primary = all[primaryIndex]
            let rest = all.indices.filter { $0 != primaryIndex }.map { all[$0] }
            let location = file.location(line: primary.line, column: primary.column)
            var slides = reader.slides(of: primary, diagnostics: &diagnostics)
            for other in rest where !Self.sameLanguage(other, primary) {
                Self.attach(reader.plainSlides(of: other), language: Self.translationLanguage(other), to: &slides,
                            name: name, at: file.location(line: other.line, column: other.column), diagnostics: &diagnostics)
            }
            // A verse with no name is a verse; a name that is not an id is slugged.
            let (id, duplicate) = name.isEmpty ? sectionIDs.next(label: "", kind: .verse)
                : sectionIDs.next(label: name, explicit: Slug.isValid(name) ? name : Slug.make(name))
            if let duplicate { diagnostics.warning(location, "verse name '\(duplicate)' is used twice; this one is '\(id)'") }
            let label = Self.label(forName: writtenNames[name] ?? name)
            sections.append(SongSection(id: id, label: label, slides: slides, location: location))
            for extra in rest where Self.sameLanguage(extra, primary) {
                // The same name and language twice: OpenLP keeps both, so do we, under a new id.
                let (extraID, _) = sectionIDs.next(label: name, explicit: id)
                let extraLocation = file.location(line: extra.line, column: extra.column)
                diagnostics.warning(extraLocation, "verse '\(name)' is given twice in the same language; this one is '\(extraID)'")
                sections.append(SongSection(id: extraID, label: label, slides: reader.slides(of: extra, diagnostics: &diagnostics),
                                            location: extraLocation))
            }
        }

        if let orderElement = properties?.element("verseOrder") {
            let known = Set(sections.map(\.id))
            for entry in orderElement.words.lowercased().split(separator: " ").map(String.init) {
                if let id = Song.sectionID(named: entry, among: known) {
                    meta.order.append(id)
                } else if !instrumental.contains(entry) {
                    diagnostics.warning(file.location(line: orderElement.line, column: orderElement.column),
                                        "verseOrder names '\(entry)', but the song has no such verse (it has: \(sections.map(\.id).joined(separator: ", ")))")
                }
            }
        }
        let notesHTML = notes.isEmpty ? "" : Markdown.html(notes.joined(separator: "\n\n"), allowHTML: false)
        let song = Song(id: Slug.make(file.baseName), source: file.location(), metadata: meta, notesHTML: notesHTML, sections: sections)
        // `<transposition>` moves the chords, and the key with them.
        guard shift != 0, let key = song.chordKey else { return song }
        return song.transposed(to: key.transposed(by: shift))
    }

    /// Another language's lines (`lang`, `translit`) under the song's own, paired in order. A
    /// count that differs is reported: the pairing may then be off.
    static func attach(_ translated: [[String]], language: String, to slides: inout [Slide], name: String,
                       at location: SourceLocation, diagnostics: inout Diagnostics) {
        if translated.map(\.count) != slides.map(\.lines.count) {
            diagnostics.warning(location, "verse '\(name)' in \(language.isEmpty ? "another language" : language) has "
                + "\(translated.joined().count) lines in \(translated.count) groups where the song's own has "
                + "\(slides.map(\.lines.count).reduce(0, +)) in \(slides.count); they are paired in order")
        }
        for (s, lines) in translated.enumerated() where s < slides.count {
            for (l, text) in lines.enumerated() where l < slides[s].lines.count && !text.isEmpty {
                slides[s].lines[l].translations.append(LyricTranslation(language: language, text: text))
            }
        }
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
}

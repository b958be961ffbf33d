import LecternModel
import LecternResolve
import LecternTemplate

/// Template data for songs: summaries for lists, the full chord chart for song pages.
extension LocaleContext {
    /// `links`: the way from the page that lists it to this locale's top (`link(from:to: "")`),
    /// found once for a list of 10,000 songs.
    func songSummary(_ song: Song, links: String) -> TemplateFields {
        let m = song.metadata
        return textContext([
            "id": song.id,
            "title": m.title,
            "href": links + PagePaths.song(song.id),
            "authors": list(m.authors),
            "artist": m.artist,
            "key": m.key,
            "language": m.language,
            "first_line": song.firstLine,
            "track": m.track.map(strings.formatted),
        ])
    }

    /// A song in a list that marks the songs of today's service (the library, an album's
    /// tracks): pages that declare today's service among their facts. A song page does not (a
    /// new date must not re-render 10,000 pages), so its data has no mark.
    func listedSong(_ song: Song, links: String) -> TemplateFields {
        var data = songSummary(song, links: links)
        if outline.todaysSongs.contains(song.id) { data["in_today"] = true }
        return data
    }

    func songPage(_ song: Song) -> TemplateFields {
        let page = PagePaths.song(song.id)
        let m = song.metadata
        var data = songSummary(song, links: link(from: page, to: ""))
        let language = m.language ?? ""
        let lyrics = songLyrics(song)
        data.put("alternate_titles", list(m.alternateTitles))
        data.put("album", m.album)
        data.put("present_href", link(from: page, to: PagePaths.songPresent(song.id)))
        data.put("album_href", m.album.flatMap { outline.albumIDs[$0] }.map { link(from: page, to: PagePaths.album($0)) })
        data.put("capo", capoText(capo: m.capo, key: m.key))
        data.put("tempo", m.tempo)
        data.put("time", m.time)
        data.put("ccli", m.ccli)
        data.put("ccli_license", m.ccli == nil ? nil : site.config.ccliLicense)
        data.put("copyright", m.copyright)
        data.put("tags", list(m.tags))
        data.put("notes_html", song.notesHTML)
        data.put("audio", mediaLink(from: page, m.audio))
        data.put("cover", mediaLink(from: page, m.cover))
        // Content carries its own direction: a Hebrew song in an English site is RTL.
        data.put("lyrics_lang", language)
        data.put("lyrics_dir", TextDirection.dir(ofContentIn: language))
        data.put("order", orderText(song.metadata.order))
        data.put("lyrics", song.sections.isEmpty ? nil : TemplateValue.shared(lyrics.chart))
        data.put("transpose_json", transposeTable(song, chords: lyrics.chords))
        data.put("usage", usageText(outline.songUsage[song.id]))
        data.put("empty", song.sections.isEmpty ? true : nil)
        var c = common(page: page, title: m.title)
        c["song"] = .object(data)
        return c
    }

    /// The song's chord chart (`sections`, each a `partials/section`) and its chords, made once
    /// for the locales whose pages show them alike. Section labels the file gave are the same in
    /// every locale; a section named only by its kind ("Verse 2") is named in each locale's words,
    /// so such a song's chart is this locale's own.
    func songLyrics(_ song: Song) -> SongLyrics {
        let alike = song.sections.allSatisfy { !$0.label.isEmpty }
        return shared.forSong("lyrics", song.id, alike: alike, locales: site.config.locales.count) {
            let chords = SongChords(song.sections.map(\.slides))
            let chart = SharedFragment { [self] in
                context(["sections": song.sections.map { sectionContext($0) }])
            }
            return SongLyrics(chart: chart, chords: chords)
        }
    }

    /// "Sung 3 times, last on 22 November 2026", or that it has not been sung in a service yet.
    func usageText(_ usage: SongUsage?) -> String {
        guard let usage else { return strings.text("song.usage_none") }
        return strings.plural("song.usage", count: usage.count, ["date": dates.long(usage.lastUsed)])
    }

    /// `slides`: the section's, when the caller has decoded them already. `anchorPrefix` keeps
    /// ids unique on a page with several songs (a service's charts).
    func sectionContext(_ section: SongSection, slides: [Slide]? = nil, anchorPrefix: String = "") -> TemplateFields {
        var fields = TemplateFields()
        fields.reserveCapacity(5)
        fields.put("id", section.id)
        fields.put("anchor", anchorPrefix + section.id)
        fields.put("label", sectionLabel(section.label, id: section.id))
        fields.put("slides", .list((slides ?? section.slides).map { slide in
            .object(["lines": .list(slide.lines.map { .object(lineContext($0)) })])
        }))
        return fields
    }

    /// A line as chord-over-lyric columns. Where a chord falls inside a word, a zero-width joiner
    /// closes each half so Arabic-script letters keep their joined forms across the split.
    /// Built field by field: a song page has hundreds of segments, the hottest data in a build.
    func lineContext(_ lyricLine: LyricLine) -> TemplateFields {
        let segments = lyricLine.segments
        let texts = segments.map(\.plainText)
        var out: [TemplateValue] = []
        out.reserveCapacity(segments.count)
        for (i, segment) in segments.enumerated() {
            var lyric = HTML.inline(segment.lyric)
            let splitsBefore = i > 0 && Self.endsWithLetter(texts[i - 1]) && Self.startsWithLetter(texts[i])
            let splitsAfter = i + 1 < segments.count && Self.endsWithLetter(texts[i]) && Self.startsWithLetter(texts[i + 1])
            if splitsBefore { lyric = "\u{200D}" + lyric }
            if splitsAfter { lyric += "\u{200D}" }
            var fields: TemplateFields = [:]
            if let chord = segment.chord?.description, !chord.isEmpty { fields["chord"] = .text(chord) }
            if !lyric.isEmpty { fields["lyric"] = .text(lyric) }
            if splitsAfter { fields["mid_word"] = true }
            out.append(.object(fields))
        }
        var line: TemplateFields = [:]
        if !out.isEmpty {
            line["segments"] = .list(out)
            line["has_segments"] = true
        }
        if lyricLine.hasChords { line["has_chords"] = true }
        if let translations = translationsContext(lyricLine.translations) { line["translations"] = translations }
        return line
    }
}

extension LocaleContext {
    /// `text.first?.isLetter`: a character is a letter by its first scalar, so no grapheme
    /// clusters need finding.
    static func startsWithLetter(_ text: String) -> Bool {
        text.unicodeScalars.first?.properties.isAlphabetic ?? false
    }

    /// `text.last?.isLetter`. When the last two bytes are ASCII, the last character is the last
    /// byte (only a non-ASCII scalar joins what follows it into one character, and CR LF is no
    /// letter either way), so the grapheme clusters are found only for other text.
    static func endsWithLetter(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard let last = utf8.last else { return false }
        if last < 0x80, utf8.count == 1 || utf8[utf8.index(utf8.endIndex, offsetBy: -2)] < 0x80 {
            return (last >= 0x41 && last <= 0x5A) || (last >= 0x61 && last <= 0x7A)
        }
        return text.last?.isLetter ?? false
    }
}

/// What a song's page shows of its lyrics: the chord chart, rendered once however many pages
/// show it, and the chords its transpose table lists.
struct SongLyrics: Sendable {
    var chart: SharedFragment
    var chords: SongChords
}

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
        data.merge(context([
            "alternate_titles": list(m.alternateTitles),
            "album": m.album,
            "present_href": link(from: page, to: PagePaths.songPresent(song.id)),
            "album_href": m.album.flatMap { outline.albumIDs[$0] }.map { link(from: page, to: PagePaths.album($0)) },
            "capo": capoText(capo: m.capo, key: m.key),
            "tempo": m.tempo,
            "time": m.time,
            "ccli": m.ccli,
            "ccli_license": m.ccli == nil ? nil : site.config.ccliLicense,
            "copyright": m.copyright,
            "tags": list(m.tags),
            "notes_html": song.notesHTML,
            "audio": mediaLink(from: page, m.audio),
            "cover": mediaLink(from: page, m.cover),
            // Content carries its own direction: a Hebrew song in an English site is RTL.
            "lyrics_lang": language,
            "lyrics_dir": TextDirection.dir(ofContentIn: language),
            "order": orderText(song.metadata.order),
            "lyrics": song.sections.isEmpty ? nil : TemplateValue.shared(lyrics.chart),
            "transpose_json": transposeTable(song, chords: lyrics.chords),
            "usage": usageText(outline.songUsage[song.id]),
            "empty": song.sections.isEmpty ? true : nil,
        ]), uniquingKeysWith: { _, new in new })
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
        context([
            "id": section.id,
            "anchor": anchorPrefix + section.id,
            "label": sectionLabel(section.label, id: section.id),
            "slides": TemplateValue.list((slides ?? section.slides).map { slide in
                .object(["lines": .list(slide.lines.map { .object(lineContext($0)) })])
            }),
        ])
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
            let splitsBefore = i > 0 && (texts[i - 1].last?.isLetter ?? false) && (texts[i].first?.isLetter ?? false)
            let splitsAfter = i + 1 < segments.count && (texts[i].last?.isLetter ?? false) && (texts[i + 1].first?.isLetter ?? false)
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

/// What a song's page shows of its lyrics: the chord chart, rendered once however many pages
/// show it, and the chords its transpose table lists.
struct SongLyrics: Sendable {
    var chart: SharedFragment
    var chords: SongChords
}

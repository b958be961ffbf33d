import LecternModel
import LecternResolve
import LecternTemplate

/// Template data for songs: summaries for lists, the full chord chart for song pages.
extension LocaleContext {
    func songSummary(_ song: Song, from page: String) -> [String: TemplateValue] {
        let m = song.metadata
        return context([
            "id": song.id,
            "title": m.title,
            "href": link(from: page, to: PagePaths.song(song.id)),
            "authors": list(m.authors),
            "artist": m.artist,
            "key": m.key,
            "language": m.language,
            "first_line": song.firstLine,
            "in_today": todaysSongs.contains(song.id) ? true : nil,
            "track": m.track.map(strings.formatted),
        ])
    }

    func songPage(_ song: Song) -> [String: TemplateValue] {
        let page = PagePaths.song(song.id)
        let m = song.metadata
        var data = songSummary(song, from: page)
        let language = m.language ?? ""
        data.merge(context([
            "alternate_titles": list(m.alternateTitles),
            "album": m.album,
            "album_href": m.album.flatMap { albumIDs[$0] }.map { link(from: page, to: PagePaths.album($0)) },
            "capo": m.capo.flatMap { $0 == "0" ? nil : $0 },
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
            "lyrics_dir": language.isEmpty ? "auto" : TextDirection.dir(language),
            "order": song.metadata.order.isEmpty ? nil : song.metadata.order.map { $0.uppercased() }.joined(separator: " "),
            "sections": song.sections.map(sectionContext),
            "empty": song.sections.isEmpty ? true : nil,
        ]), uniquingKeysWith: { _, new in new })
        var c = common(page: page, title: m.title)
        c["song"] = .object(data)
        return c
    }

    func sectionContext(_ section: SongSection) -> [String: TemplateValue] {
        context([
            "id": section.id,
            "label": section.label,
            "slides": section.slides.map { slide in
                ["lines": slide.lines.map(lineContext)]
            },
        ])
    }

    /// A line as chord-over-lyric columns. Where a chord falls inside a word, a zero-width joiner
    /// closes each half so Arabic-script letters keep their joined forms across the split.
    func lineContext(_ line: LyricLine) -> [String: TemplateValue] {
        let segments = line.segments
        var out: [[String: TemplateValue]] = []
        for (i, segment) in segments.enumerated() {
            var lyric = HTML.inline(segment.lyric)
            let splitsBefore = i > 0 && (segments[i - 1].plainText.last?.isLetter ?? false) && (segment.plainText.first?.isLetter ?? false)
            let splitsAfter = i + 1 < segments.count && (segment.plainText.last?.isLetter ?? false) && (segments[i + 1].plainText.first?.isLetter ?? false)
            if splitsBefore { lyric = "\u{200D}" + lyric }
            if splitsAfter { lyric += "\u{200D}" }
            out.append(context([
                "chord": segment.chord?.description,
                "lyric": lyric.isEmpty ? nil : lyric,
                "mid_word": splitsAfter ? true : nil,
            ]))
        }
        return context(["segments": out, "has_chords": line.hasChords ? true : nil])
    }
}

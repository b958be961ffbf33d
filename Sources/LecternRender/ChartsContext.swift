import LecternModel
import LecternResolve
import LecternTemplate

/// Template data for a service's chord charts: every song of the service in the service's key
/// and verse order, for the band (one song per printed page).
extension LocaleContext {
    func serviceChartsPage(_ service: ResolvedService) -> TemplateFields {
        let page = PagePaths.serviceCharts(service.id)
        var charts: [TemplateValue] = []
        for (index, item) in service.items.enumerated() {
            guard case .song(let s) = item else { continue }
            let target = s.key.flatMap(MusicalKey.parse)
            let song = target.map { s.song.transposed(to: $0) } ?? s.song
            let language = song.metadata.language ?? ""
            charts.append(.object(context([
                "number": strings.formatted(index + 1),
                // Ids stay ASCII whatever digits the locale writes.
                "anchor": "item-\(index + 1)",
                "id": song.id,
                "title": song.metadata.title,
                "href": link(from: page, to: PagePaths.song(song.id)),
                "authors": list(song.metadata.authors),
                "key": song.metadata.key ?? s.key,
                "original_key": s.isTransposed ? s.song.metadata.key.map { strings.text("charts.original_key", ["key": $0]) } : nil,
                "capo": capoText(capo: song.metadata.capo, key: song.metadata.key),
                "note": s.note,
                "order": orderText(s.order),
                "lyrics_lang": language,
                "lyrics_dir": TextDirection.dir(ofContentIn: language),
                // Each section where the order sings it, read top to bottom; a section sung again
                // is its label only, as on a band's chart.
                "sections": TemplateValue.list(chartSections(song.sections(inOrder: s.order), anchorPrefix: "item-\(index + 1)-")),
                "copyright": song.metadata.copyright,
                "ccli": song.metadata.ccli,
            ])))
        }
        var c = common(page: page, title: strings.text("charts.title", ["service": service.service.title]))
        c.merge(context([
            "service": TemplateValue.object(context([
                "title": service.service.title,
                "when": when(service.service.date),
                "href": link(from: page, to: PagePaths.service(service.id)),
            ])),
            "charts": charts.isEmpty ? nil : TemplateValue.list(charts),
        ]), uniquingKeysWith: { _, new in new })
        return c
    }

    /// Each section in full where it is first sung, by name where it is sung again.
    private func chartSections(_ sung: [SongSection], anchorPrefix: String) -> [TemplateValue] {
        var shown: Set<String> = []
        return sung.map { section in
            if shown.insert(section.id).inserted { return .object(sectionContext(section, anchorPrefix: anchorPrefix)) }
            return .object(context(["id": section.id, "label": sectionLabel(section.label, id: section.id), "repeat": true]))
        }
    }
}

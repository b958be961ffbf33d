import LecternModel
import LecternTemplate

/// `songs/usage.html`: which songs were sung how often, over a period the reader picks
/// (the whole archive at first). The build lists the services that count (`sungServices`: the
/// one rule, shared with the song pages and `usage.csv`) with their songs; the page's script
/// only counts those whose date falls in the period.
extension LocaleContext {
    func usagePage() -> TemplateFields {
        let page = PagePaths.usagePage
        var c = common(page: page, title: strings.text("usage.title"))
        let sung = site.sungServices
        let usage = outline.songUsage
        let rows = mostSungFirst().filter { usage[$0.song.id] != nil }
        let links = link(from: page, to: "")
        c["rows"] = .list(rows.map { rank, song in
            let used = usage[song.id]!
            return .object(context([
                "id": song.id, "rank": String(rank), "title": song.metadata.title, "href": links + PagePaths.song(song.id),
                "count": strings.formatted(used.count), "last": dates.short(used.lastUsed), "last_iso": used.lastUsed.description,
                "language": song.metadata.language,
            ]))
        })
        if !rows.isEmpty { c["has_rows"] = true }
        // The same in every locale: written once.
        let usageJSON = shared.once("usage json") {
            TemplateValue.object([
                "services": .list(sung.map { .list([.text($0.service.service.date.date.description), $0.songs.templateValue]) }),
            ]).json
        }
        c.merge(context([
            "usage_json": usageJSON,
            "first_date": sung.first?.service.service.date.date.description,
            "last_date": site.buildDate.description,
            "summary_forms": pluralForms("usage.summary"),
            "csv_href": "usage.csv",
        ]), uniquingKeysWith: { _, new in new })
        c["summary"] = .text(strings.plural("usage.summary", count: rows.count, ["services": strings.formatted(sung.count)]))
        return c
    }
}

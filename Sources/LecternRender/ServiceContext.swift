import LecternModel
import LecternResolve
import LecternTemplate

/// Template data for services: list entries and the numbered order of service.
extension LocaleContext {
    func when(_ date: LocalDateTime) -> TemplateFields {
        context([
            "date": dates.long(date.date),
            "short_date": dates.short(date.date),
            "time": date.time.map(dates.time),
            "iso": date.date.description + (date.time.map { "T" + $0.iso } ?? ""),
        ])
    }

    func serviceSummary(_ resolved: ResolvedService, from page: String) -> TemplateFields {
        let s = resolved.service
        let songCount = resolved.songs.count
        return context([
            "id": s.id,
            "title": s.title,
            "href": link(from: page, to: PagePaths.service(s.id)),
            "when": when(s.date),
            "leader": s.leader,
            "draft": s.draft ? true : nil,
            "is_today": resolved.id == site.todaysService?.id ? true : nil,
            "hymn_count": strings.plural("service.hymn_count", count: songCount),
        ])
    }

    /// The order of service; `page` is where it is shown (a service page or `today/`).
    func serviceDetail(_ resolved: ResolvedService, on page: String) -> TemplateFields {
        var data = serviceSummary(resolved, from: page)
        var items: [TemplateFields] = []
        for (index, item) in resolved.items.enumerated() {
            var entry: TemplateFields = ["number": .text(strings.formatted(index + 1))]
            switch item {
            case .song(let s):
                let language = s.song.metadata.language ?? ""
                entry.merge(context([
                    "is_song": true,
                    "title": s.song.metadata.title,
                    "href": link(from: page, to: PagePaths.song(s.song.id)),
                    "key": s.key,
                    "original_key": s.isTransposed ? s.song.metadata.key : nil,
                    "order": orderText(s.order),
                    "note": s.note,
                    "authors": list(s.song.metadata.authors),
                    "item_lang": language,
                    "dir": TextDirection.dir(ofContentIn: language),
                ]), uniquingKeysWith: { _, new in new })
            case .heading(let title, let text):
                entry.merge(context(["is_heading": true, "title": title, "text": text]), uniquingKeysWith: { _, new in new })
            case .slide(let html, let text):
                // `slide_text`: the slide's words on one line, for the plain-text and calendar exports.
                entry.merge(context(["is_slide": true, "html": html, "slide_text": text.collapsingWhitespace()]),
                            uniquingKeysWith: { _, new in new })
            }
            items.append(entry)
        }
        data.merge(context([
            "present_href": link(from: page, to: PagePaths.servicePresent(resolved.id)),
            "console_href": link(from: page, to: PagePaths.serviceConsole(resolved.id)),
            "charts_href": resolved.songs.isEmpty ? nil : link(from: page, to: PagePaths.serviceCharts(resolved.id)),
            "items": items,
            "notes_html": resolved.service.notesHTML,
            "private_notes": resolved.service.privateNotes,
            "active": resolved.service.active ? true : nil,
        ]), uniquingKeysWith: { _, new in new })
        return data
    }

    func servicePage(_ resolved: ResolvedService) -> TemplateFields {
        let page = PagePaths.service(resolved.id)
        var c = common(page: page, title: resolved.service.title)
        c["service"] = .object(serviceDetail(resolved, on: page))
        return c
    }

    func todayPage() -> TemplateFields {
        let page = PagePaths.today
        var c = common(page: page, title: strings.text("service.todays_service"))
        if let today = site.todaysService { c["service"] = .object(serviceDetail(today, on: page)) }
        return c
    }

    func servicesIndex() -> TemplateFields {
        let page = PagePaths.services
        var c = common(page: page, title: strings.text("nav.services"))
        c.merge(context([
            "upcoming": site.upcoming.map { serviceSummary($0, from: page) },
            "archive": site.archive.map { serviceSummary($0, from: page) },
        ]), uniquingKeysWith: { _, new in new })
        return c
    }
}

import Foundation
import LecternLocale
import LecternModel
import LecternResolve
import LecternTemplate

/// A service's `service.txt` and `service.ics`, the upcoming services' calendar and the JSON
/// feed of services: the order of service for an email, a calendar and other programs. The
/// text and calendar templates lay out the same data as the order of service page.
extension LocaleContext {
    func serviceText(_ resolved: ResolvedService) -> TemplateFields {
        ["t": stringTree, "service": .object(serviceDetail(resolved, on: PagePaths.serviceText(resolved.id)))]
    }

    /// `services/<id>/service.ics`: the service as one event.
    func serviceCalendar(_ resolved: ResolvedService) -> TemplateFields {
        calendar([resolved], page: PagePaths.serviceCalendar(resolved.id), name: nil)
    }

    /// `services/upcoming.ics`: every upcoming service, for a calendar to subscribe to.
    func upcomingCalendar() -> TemplateFields {
        calendar(site.upcoming, page: PagePaths.upcomingCalendar, name: site.config.title + " · " + strings.text("service.upcoming"))
    }

    /// Events with a stable UID (the service id at the site's host), starting at the service's
    /// local time in the site's time zone — with that zone's offsets for each year they fall
    /// in — one and a half hours long (a service file does not say), all stamped with the build
    /// date so that the same inputs give the same bytes.
    private func calendar(_ services: [ResolvedService], page: String, name: String?) -> TemplateFields {
        var years = Set(services.filter { $0.service.date.time != nil }.map(\.service.date.date.year)).sorted()
        // A calendar must hold a component: with no timed event (no upcoming service), the
        // zone of the build's year.
        if years.isEmpty { years = [site.buildDate.year] }
        var observances: [TimeZoneObservance] = []
        for year in years {
            for o in shared.observances(of: site.config.timezone, year: year) where !observances.contains(o) { observances.append(o) }
        }
        let events: [TemplateValue] = services.map { resolved in
            let s = resolved.service
            var event: TemplateFields = ["uid": .text("service-\(s.id)@\(calendarHost)")]
            if let time = s.date.time {
                event["start"] = .text(s.date.date.basicISO + "T" + time.basicISO + "00")
            } else {
                event["start_date"] = .text(s.date.date.basicISO)
            }
            if let url = absoluteURL(PagePaths.service(s.id)) { event["url"] = .text(url) }
            return .object(["service": .object(serviceDetail(resolved, on: page)), "event": .object(event)])
        }
        var calendar = context([
            "product": site.config.title,
            "name": name,
            "tzid": site.config.timezone,
            "stamp": site.buildDate.basicISO + "T000000Z",
        ])
        calendar["observances"] = .list(observances.map { o in
            .object(["kind": .text(o.isDaylight ? "DAYLIGHT" : "STANDARD"), "start": .text(o.start),
                     "offset_from": .text(o.offsetFrom), "offset_to": .text(o.offsetTo), "name": .text(o.name)])
        })
        if !observances.isEmpty { calendar["has_observances"] = true }
        return ["t": stringTree, "calendar": .object(calendar), "events": .list(events)]
    }

    /// `services/feed.json`: every published service as a JSON Feed 1.1 item, with the order of
    /// service as data under `_lectern` (its shape is in docs/content-format.md).
    func servicesFeed() -> TemplateFields {
        let items: [TemplateValue] = site.services.reversed().map { resolved in
            let s = resolved.service
            var item: TemplateFields = [
                "id": .text("service-\(s.id)@\(calendarHost)"),
                "title": .text(s.title),
                "content_text": .text(s.title + " · " + dates.long(s.date.date) + (s.date.time.map { ", " + dates.time($0) } ?? "")),
            ]
            if let url = absoluteURL(PagePaths.service(s.id)) { item["url"] = .text(url) }
            var data: TemplateFields = [
                "id": .text(s.id), "date": .text(s.date.date.description), "timezone": .text(site.config.timezone),
                "page": .text(paths.output(PagePaths.service(s.id))),
                "items": .list(resolved.items.map(feedItem)),
            ]
            if let time = s.date.time { data["time"] = .text(time.iso) }
            if let leader = s.leader { data["leader"] = .text(leader) }
            if s.draft { data["draft"] = true }
            item["_lectern"] = .object(data)
            return .object(item)
        }
        var feed: TemplateFields = [
            "version": "https://jsonfeed.org/version/1.1",
            "title": .text(site.config.title + " · " + strings.text("nav.services")),
            "language": .text(locale),
            "items": .list(items),
        ]
        if let home = absoluteURL(PagePaths.services) { feed["home_page_url"] = .text(home) }
        if let url = absoluteURL(PagePaths.servicesFeed) { feed["feed_url"] = .text(url) }
        return ["feed_json": .text(TemplateValue.object(feed).json)]
    }

    private func feedItem(_ item: ResolvedItem) -> TemplateValue {
        switch item {
        case .song(let s):
            var entry: TemplateFields = ["kind": "song", "song": .text(s.song.id), "title": .text(s.song.metadata.title),
                                                  "order": s.order.templateValue]
            if let key = s.key { entry["key"] = .text(key) }
            if let note = s.note { entry["note"] = .text(note) }
            if let ccli = s.song.metadata.ccli { entry["ccli"] = .text(ccli) }
            return .object(entry)
        case .heading(let title, let text):
            var entry: TemplateFields = ["kind": "heading", "title": .text(title)]
            if let text { entry["text"] = .text(text) }
            return .object(entry)
        case .slide(_, let text):
            return .object(["kind": "slide", "text": .text(text)])
        }
    }

    /// `page` (a path within this locale) under the site's `base_url:`, if it has one.
    private func absoluteURL(_ page: String) -> String? {
        site.config.baseURL.map { ($0.hasSuffix("/") ? $0 : $0 + "/") + paths.output(page) }
    }

    /// The site's host name (from `base_url:`), or a name made from its title.
    private var calendarHost: String {
        if let base = site.config.baseURL, let host = base.split(separator: "/").dropFirst().first(where: { !$0.isEmpty }) {
            return String(host)
        }
        return Slug.make(site.config.title) + ".lectern.invalid"
    }

}

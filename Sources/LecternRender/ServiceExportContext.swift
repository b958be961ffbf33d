import Foundation
import LecternLocale
import LecternModel
import LecternResolve
import LecternTemplate

/// `services/<id>/service.txt` and `service.ics`: the order of service to paste into an email,
/// and as a calendar event. Both templates lay out the same data as the order of service page.
extension LocaleContext {
    func serviceText(_ resolved: ResolvedService) -> [String: TemplateValue] {
        ["t": stringTree, "service": .object(serviceDetail(resolved, on: PagePaths.serviceText(resolved.id)))]
    }

    /// The event: a stable UID (the service id at the site's host), the start in the site's
    /// time zone with that zone's rules for the year, one and a half hours long (a service
    /// file does not say), stamped with the build date so the same inputs give the same bytes.
    func serviceCalendar(_ resolved: ResolvedService) -> [String: TemplateValue] {
        let s = resolved.service
        let page = PagePaths.serviceCalendar(resolved.id)
        var event: [String: TemplateValue] = [
            "uid": .text("service-\(s.id)@\(calendarHost)"),
            "stamp": .text(Self.compact(site.buildDate) + "T000000Z"),
            "tzid": .text(site.config.timezone),
            "product": .text(site.config.title),
        ]
        if let time = s.date.time {
            event["start"] = .text(Self.compact(s.date.date) + "T" + Self.two(time.hour) + Self.two(time.minute) + "00")
        } else {
            event["start_date"] = .text(Self.compact(s.date.date))
        }
        if let base = site.config.baseURL {
            event["url"] = .text((base.hasSuffix("/") ? base : base + "/") + paths.output(PagePaths.service(s.id)))
        }
        event["observances"] = .list(TimeZoneObservance.of(site.config.timezone, year: s.date.date.year).map { o in
            .object(["kind": .text(o.isDaylight ? "DAYLIGHT" : "STANDARD"), "start": .text(o.start),
                     "offset_from": .text(o.offsetFrom), "offset_to": .text(o.offsetTo), "name": .text(o.name)])
        })
        return ["t": stringTree, "service": .object(serviceDetail(resolved, on: page)), "event": .object(event)]
    }

    /// The site's host name (from `base_url:`), or a name made from its title.
    private var calendarHost: String {
        if let base = site.config.baseURL, let host = base.split(separator: "/").dropFirst().first(where: { !$0.isEmpty }) {
            return String(host)
        }
        return Slug.make(site.config.title) + ".lectern.invalid"
    }

    private static func compact(_ d: CalendarDate) -> String { String(format: "%04d%02d%02d", d.year, d.month, d.day) }
    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}

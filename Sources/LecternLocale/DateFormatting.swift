import Foundation
import LecternModel

/// Dates and times in the UI locale's own words and order (ICU, through Foundation).
public struct DateFormatting: @unchecked Sendable {
    private let longDate: DateFormatter
    private let shortDate: DateFormatter
    private let time: DateFormatter
    private let calendar: Calendar
    /// Pages render on several threads; DateFormatter is not documented thread-safe on Linux.
    private let lock = NSLock()
    /// Texts so far, by date or time (used under `lock`): a site has a few hundred service
    /// dates, each shown on thousands of pages (a song's "last sung on", a usage row), and ICU
    /// formats one in microseconds.
    private final class Texts<Key: Hashable> { var values: [Key: String] = [:] }
    private let longCache = Texts<CalendarDate>(), shortCache = Texts<CalendarDate>(), timeCache = Texts<TimeOfDay>()

    public init(locale: String) {
        var calendar = Calendar(identifier: .gregorian)
        // The model's dates are already local wall-clock values: format them in UTC so nothing shifts.
        calendar.timeZone = TimeZone(identifier: "UTC")!
        self.calendar = calendar
        func formatter(_ template: String) -> DateFormatter {
            let f = DateFormatter()
            f.locale = Locale(identifier: locale)
            f.calendar = calendar
            f.timeZone = calendar.timeZone
            f.setLocalizedDateFormatFromTemplate(template)
            return f
        }
        longDate = formatter("yMMMMEEEEd")
        shortDate = formatter("yMMMd")
        time = formatter("jmm")
    }

    private func date(_ d: CalendarDate, _ t: TimeOfDay? = nil) -> Date {
        calendar.date(from: DateComponents(year: d.year, month: d.month, day: d.day, hour: t?.hour ?? 12, minute: t?.minute ?? 0))!
    }

    /// "Sunday, November 22, 2026"
    public func long(_ d: CalendarDate) -> String { remembered(d, in: longCache) { longDate.string(from: date(d)) } }
    /// "Nov 22, 2026"
    public func short(_ d: CalendarDate) -> String { remembered(d, in: shortCache) { shortDate.string(from: date(d)) } }
    /// "10:00 AM"
    public func time(_ t: TimeOfDay) -> String {
        remembered(t, in: timeCache) { time.string(from: date(CalendarDate(year: 2000, month: 1, day: 1), t)) }
    }

    private func remembered<Key>(_ key: Key, in cache: Texts<Key>, _ format: () -> String) -> String {
        locked {
            if let known = cache.values[key] { return known }
            let text = format()
            cache.values[key] = text
            return text
        }
    }

    private func locked(_ body: () -> String) -> String {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

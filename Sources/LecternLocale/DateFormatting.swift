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
    /// `short`'s texts so far, by date (used under `lock`).
    private final class Texts { var values: [CalendarDate: String] = [:] }
    private let shortCache = Texts()

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
    public func long(_ d: CalendarDate) -> String { locked { longDate.string(from: date(d)) } }
    /// "Nov 22, 2026"
    public func short(_ d: CalendarDate) -> String {
        // A usage page shows one of a few hundred service dates on each of thousands of rows.
        locked {
            if let known = shortCache.values[d] { return known }
            let text = shortDate.string(from: date(d))
            shortCache.values[d] = text
            return text
        }
    }
    /// "10:00 AM"
    public func time(_ t: TimeOfDay) -> String { locked { time.string(from: date(CalendarDate(year: 2000, month: 1, day: 1), t)) } }

    private func locked(_ body: () -> String) -> String {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

/// A calendar day with no time zone: build dates, service days, shoot-list dates.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`, checking that the day exists.
    public init?(iso text: Substring) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              (1...12).contains(m), d >= 1, d <= CalendarDate.daysIn(month: m, year: y) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    public init?(iso text: String) { self.init(iso: Substring(text)) }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func < (a: CalendarDate, b: CalendarDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// ISO 8601, "2026-11-22".
    public var description: String { digits(year, 4) + "-" + digits(month, 2) + "-" + digits(day, 2) }

    /// ISO 8601's basic form, "20261122" (iCalendar's DATE).
    public var basicISO: String { digits(year, 4) + digits(month, 2) + digits(day, 2) }
}

/// `n` in at least `width` digits, zero-padded.
func digits(_ n: Int, _ width: Int) -> String {
    let s = String(n)
    return String(repeating: "0", count: max(0, width - s.count)) + s
}

/// A wall-clock time of day in the site's time zone.
public struct TimeOfDay: Hashable, Comparable, Sendable {
    public var hour: Int
    public var minute: Int

    public init(hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool { (a.hour, a.minute) < (b.hour, b.minute) }

    /// "09:30": ISO 8601's extended form.
    public var iso: String { digits(hour, 2) + ":" + digits(minute, 2) }

    /// "0930": the basic form (iCalendar's TIME, without seconds).
    public var basicISO: String { digits(hour, 2) + digits(minute, 2) }
}

/// A service's date and optional time, local to the site's time zone.
public struct LocalDateTime: Hashable, Comparable, Sendable {
    public var date: CalendarDate
    public var time: TimeOfDay?

    public init(date: CalendarDate, time: TimeOfDay?) {
        self.date = date
        self.time = time
    }

    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool {
        if a.date != b.date { return a.date < b.date }
        return (a.time ?? TimeOfDay(hour: 0, minute: 0)) < (b.time ?? TimeOfDay(hour: 0, minute: 0))
    }
}

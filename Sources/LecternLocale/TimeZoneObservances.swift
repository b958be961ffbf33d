import Foundation
import LecternModel

/// A time zone's offsets in one year, for an iCalendar VTIMEZONE: each change of offset
/// (to and from daylight saving time) with the local time it happens at — the last change
/// before the year included — or one standard observance for a zone that does not change. From the system's zone database (ICU), so the
/// calendar file says what the site's `timezone:` meant in that year.
public struct TimeZoneObservance: Sendable, Equatable {
    public var isDaylight: Bool
    /// Local time (in the offset before the change), `YYYYMMDDTHHMMSS`.
    public var start: String
    public var offsetFrom: String
    public var offsetTo: String
    public var name: String

    public static func of(_ identifier: String, year: Int) -> [TimeZoneObservance] {
        guard let zone = TimeZone(identifier: identifier) else { return [] }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let from = calendar.date(from: DateComponents(year: year, month: 1, day: 1))!
        let until = calendar.date(from: DateComponents(year: year + 1, month: 1, day: 1))!
        // From a year before: the last change before January 1 says which offset the year
        // starts in (without it, a January service in Sydney or New York has none).
        let yearBefore = calendar.date(from: DateComponents(year: year - 1, month: 1, day: 1))!
        var changes: [TimeZoneObservance] = []
        var cursor = yearBefore
        while let change = zone.nextDaylightSavingTimeTransition(after: cursor), change < until, changes.count < 8 {
            if change < from { changes.removeAll() } // keep only the last one before the year
            let before = zone.secondsFromGMT(for: change.addingTimeInterval(-1))
            let after = zone.secondsFromGMT(for: change)
            changes.append(TimeZoneObservance(
                isDaylight: zone.isDaylightSavingTime(for: change), start: local(change, offset: before),
                offsetFrom: offset(before), offsetTo: offset(after), name: abbreviation(zone, change, daylight: zone.isDaylightSavingTime(for: change))))
            cursor = change
        }
        if changes.isEmpty {
            let standard = offset(zone.secondsFromGMT(for: from))
            return [TimeZoneObservance(isDaylight: false, start: "19700101T000000", offsetFrom: standard, offsetTo: standard,
                                       name: abbreviation(zone, from, daylight: false))]
        }
        return changes
    }

    /// `-0500`, `+0200`.
    static func offset(_ seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + String(format: "%02d%02d", minutes / 60, minutes % 60)
    }

    static func local(_ date: Date, offset: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: offset)!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }

    /// "EST", "EDT" (CLDR's short names, in English as calendars expect), else "GMT-5".
    static func abbreviation(_ zone: TimeZone, _ date: Date, daylight: Bool) -> String {
        zone.localizedName(for: daylight ? .shortDaylightSaving : .shortStandard, locale: Locale(identifier: "en_US"))
            ?? zone.abbreviation(for: date) ?? zone.identifier
    }
}

import Foundation
import LecternModel

/// "Today" for a build: `--date`, else `SOURCE_DATE_EPOCH`, else the wall clock, always as a
/// day in the site's time zone. The wall clock only picks the day; it never reaches the output.
public enum BuildDate {
    public static func resolve(explicit: CalendarDate?, environment: [String: String], timezone: String,
                               now: Date = Date()) -> CalendarDate {
        if let explicit { return explicit }
        var instant = now
        if let epoch = environment["SOURCE_DATE_EPOCH"].flatMap({ Double($0) }) {
            instant = Date(timeIntervalSince1970: epoch)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: timezone) ?? TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day], from: instant)
        return CalendarDate(year: c.year!, month: c.month!, day: c.day!)
    }
}

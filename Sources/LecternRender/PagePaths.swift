/// Where each page lives in the output, and relative links between pages. Every link names a
/// file (`songs/x/index.html`), so the site works opened from disk with no server.
public struct PagePaths: Sendable {
    /// The locale's folder prefix: "" for the default locale, "he/" for the others.
    public var localePrefix: String

    public init(locale: String, defaultLocale: String) {
        localePrefix = locale == defaultLocale ? "" : locale + "/"
    }

    public static let home = "index.html"
    public static let today = "today/index.html"
    public static let songs = "songs/index.html"
    public static let usage = "songs/usage.csv"
    public static let searchData = "songs/search-data.js"
    /// A file beside the library, not a folder: `songs/<folder>/` belongs to song ids (a song
    /// may be called `usage`).
    public static let usagePage = "songs/usage.html"
    public static let albums = "albums/index.html"
    public static let services = "services/index.html"
    public static let shootLists = "shootlists/index.html"
    public static let upcomingCalendar = "services/upcoming.ics"
    public static let servicesFeed = "services/feed.json"
    public static func song(_ id: String) -> String { "songs/\(id)/index.html" }
    public static func album(_ id: String) -> String { "albums/\(id)/index.html" }
    public static func service(_ id: String) -> String { "services/\(id)/index.html" }
    public static func shootList(_ id: String) -> String { "shootlists/\(id)/index.html" }
    public static func shootListCSV(_ id: String) -> String { "shootlists/\(id)/checklist.csv" }
    public static func songPresent(_ id: String) -> String { "songs/\(id)/present/index.html" }
    public static func servicePresent(_ id: String) -> String { "services/\(id)/present/index.html" }
    public static func serviceConsole(_ id: String) -> String { "services/\(id)/console/index.html" }
    public static func serviceCharts(_ id: String) -> String { "services/\(id)/charts/index.html" }
    public static func serviceText(_ id: String) -> String { "services/\(id)/service.txt" }
    public static func serviceCalendar(_ id: String) -> String { "services/\(id)/service.ics" }

    /// The output path of a page given its path within the locale.
    public func output(_ page: String) -> String { localePrefix + page }

    /// "../../" from `outputPath` up to the output folder's top.
    public static func toTop(from outputPath: String) -> String {
        // Slashes counted as bytes: lists link every song, 40,000 links on a library page.
        String(repeating: "../", count: outputPath.utf8.reduce(0) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 })
    }
}

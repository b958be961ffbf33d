import LecternLocale
import LecternModel
import LecternResolve

/// A named fact a page is made from. A page is a pure function of its dependencies, which is
/// what lets an incremental build skip pages whose facts did not change.
public enum Dependency: Hashable, Sendable, Comparable {
    case siteConfig
    case buildDate
    case strings(locale: String)
    case theme
    case songMetadata(String)
    case songBody(String)
    /// The set of songs and their metadata (lists, albums, search).
    case songLibrary
    case service(String)
    /// The set of services and their summaries (lists, home, today).
    case serviceList
    case shootList(String)
}

/// One page to produce: where it goes, which template renders it, what it depends on.
public struct PlannedPage: @unchecked Sendable {
    public var outputPath: String
    public var template: String
    public var locale: String
    public var dependencies: Set<Dependency>
    /// Builds the template data; called only when the page must be rendered.
    public var makeContext: () -> [String: Any]
}

/// Stage 4: the list of pages a site produces, per locale.
public enum PagePlanner {
    /// String keys the page data uses directly (plurals and titles), besides the `{{t.…}}` keys
    /// the templates use. A build checks that each exists.
    public static let stringKeysUsedByCode = [
        "locale.name", "nav.songs", "nav.albums", "nav.services", "nav.shootlists", "service.todays_service",
        "service.hymn_count", "song.count", "album.count", "album.track_count",
        "shootlist.progress", "shootlist.required_progress",
    ]

    public static func plan(_ site: ResolvedSite, strings: [String: LocalizedStrings]) -> [PlannedPage] {
        var pages: [PlannedPage] = []
        for locale in site.config.locales {
            let lc = LocaleContext(site: site, locale: locale, allStrings: strings)
            let shared: Set<Dependency> = [.siteConfig, .strings(locale: locale), .theme]
            func add(_ page: String, _ template: String, _ deps: Set<Dependency>, _ make: @escaping () -> [String: Any]) {
                pages.append(PlannedPage(outputPath: lc.paths.output(page), template: template, locale: locale,
                                         dependencies: shared.union(deps), makeContext: make))
            }
            add(PagePaths.home, "home", [.buildDate, .serviceList, .songLibrary], lc.homePage)
            add(PagePaths.today, "today", [.buildDate, .serviceList], lc.todayPage)
            add(PagePaths.songs, "songs", [.songLibrary, .buildDate, .serviceList], lc.songsIndex)
            for song in site.songs {
                add(PagePaths.song(song.id), "song", [.songMetadata(song.id), .songBody(song.id), .songLibrary], { lc.songPage(song) })
            }
            add(PagePaths.albums, "albums", [.songLibrary], lc.albumsIndex)
            for album in site.albums {
                add(PagePaths.album(album.id), "album", [.songLibrary], { lc.albumPage(album) })
            }
            add(PagePaths.services, "services", [.buildDate, .serviceList], lc.servicesIndex)
            for service in site.services {
                let songDeps = Set(service.songs.map { Dependency.songMetadata($0.song.id) })
                add(PagePaths.service(service.id), "service", songDeps.union([.service(service.id), .buildDate, .serviceList]),
                    { lc.servicePage(service) })
            }
            add(PagePaths.shootLists, "shootlists", Set(site.shootLists.map { .shootList($0.id) }).union([.buildDate]), lc.shootListsIndex)
            for list in site.shootLists {
                add(PagePaths.shootList(list.id), "shootlist", [.shootList(list.id), .buildDate], { lc.shootListPage(list) })
            }
        }
        return pages
    }
}

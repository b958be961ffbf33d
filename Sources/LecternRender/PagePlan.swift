import LecternLocale
import LecternModel
import LecternResolve
import LecternTemplate

/// A named fact a page is made from. A page is a pure function of its dependencies, which is
/// what lets an incremental build skip pages whose facts did not change.
public enum Dependency: Hashable, Sendable, Comparable {
    case siteConfig
    case buildDate
    case strings(locale: String)
    /// A page template, with the partials and parents it uses (transitively).
    case template(String)
    /// A song's summary: front matter, section ids and first line (what lists and services show).
    case songSummary(String)
    /// A song's lyrics and notes.
    case songBody(String)
    /// How often and when a song was last sung (`SongUsage`): its services and the build date.
    case songUsage(String)
    /// The set of songs and their summaries (the library, albums, home).
    case songLibrary
    /// Which albums exist and their ids (for a song page's album link).
    case albumIndex
    /// An album's tracks, in order: which songs it holds, as its page lists them.
    case album(String)
    case service(String)
    /// The set of services and their summaries (lists, home, today).
    case serviceList
    case shootList(String)
    /// Whether any shoot list is published (the navigation shows the link).
    case shootListIndex
    /// Which pages and other outputs exist (`PagePlanner.pageSet`). No page depends on it: a
    /// build that finds it as recorded knows that every page it would plan was planned last
    /// time, and plans only those whose facts changed (see `plan(_:strings:outline:changed:)`).
    case pageSet
}

/// One page to produce: where it goes, which template renders it, what it depends on.
public struct PlannedPage: @unchecked Sendable {
    public var outputPath: String
    public var template: String
    public var locale: String
    public var dependencies: Set<Dependency>
    /// Builds the template data; called only when the page must be rendered, on any thread.
    public var makeContext: @Sendable () -> TemplateFields
}

/// Stage 4: the list of pages a site produces, per locale.
public enum PagePlanner {
    /// String keys the page data uses directly (plurals and titles), besides the `{{t.…}}` keys
    /// the templates use. A build checks that each exists.
    public static let stringKeysUsedByCode = [
        "nav.songs", "nav.albums", "nav.services", "nav.shootlists", "service.todays_service",
        "service.hymn_count", "song.count", "album.count", "album.track_count",
        "shootlist.progress", "shootlist.required_progress", "list.separator",
        "song.usage", "song.usage_none", "usage.song", "usage.ccli", "usage.times", "usage.last_used", "library.found", "setlist.added_many", "shootlist.shown", "usage.title", "usage.summary",
    ]

    /// The templates pages are rendered with; a theme must have each (with `layout`).
    public static let templatesUsed = ["layout", "home", "today", "songs", "song", "albums", "album",
                                       "services", "service", "shootlists", "shootlist", "present", "console", "charts", "usage.csv", "search-data.js", "service.txt", "calendar.ics", "feed.json", "checklist.csv", "song-usage"]

    /// `outline`: `site.outline`, which the caller derives once for the facts and the record too.
    /// `changed`: when given, only the pages that declare one of these facts are planned. A build
    /// may ask so when `.pageSet` is as recorded: every other page was planned last time with
    /// the same facts, so its recorded output stands. That needs a page's dependencies to be
    /// fixed by the page set and by facts it declares (an album page declares `.album`, which
    /// says which tracks it has); `DependencyTests` checks it for each kind of edit.
    public static func plan(_ site: ResolvedSite, strings: [String: LocalizedStrings], outline: SiteOutline,
                            changed: Set<Dependency>? = nil, jobs: Int = 1) -> [PlannedPage] {
        var pages: [PlannedPage] = []
        let shared = SharedWork()
        // Songs, albums and services are passed over on their ids alone when none of the facts
        // all their pages may declare changed: then only their own facts can have.
        let changedSongs = changed.map { facts in
            Set(facts.compactMap { fact -> String? in
                switch fact {
                case .songSummary(let id), .songBody(let id), .songUsage(let id): return id
                default: return nil
                }
            })
        }
        func songChanged(_ id: String) -> Bool { changedSongs?.contains(id) == true }
        // Whether a fact that every page of a group may declare changed (`shared`, with what
        // every page of `locale` declares): then each of its pages is checked.
        func groupChanged(_ shared: Set<Dependency>, in locale: String) -> Bool {
            changed.map { !$0.isDisjoint(with: shared.union([.siteConfig, .strings(locale: locale), .shootListIndex])) } ?? true
        }
        let contexts = site.config.locales.map {
            LocaleContext(site: site, locale: $0, allStrings: strings, outline: outline, shared: shared)
        }
        // The library's pages in each locale share its title order (`songsByTitle`): sorted on
        // another thread while the planning goes on, where the rendering threads would wait for
        // each other to sort it (a title edit: 10,000 titles per locale, in one of its two cores'
        // idle moments).
        if !site.songs.isEmpty, changed?.contains(.songLibrary) ?? true {
            let sorting = contexts
            _ = Background { for lc in sorting { _ = lc.songsByTitle } }
        }
        // A song's pages in every locale side by side: they share its chord chart, rendered for
        // the first and kept only until the last (the writer renders pages in this order).
        // Planned on all threads: most of a site's pages are songs' (40,000 of 46,000).
        let everySong = contexts.map { groupChanged([.albumIndex, .template("song"), .template("present")], in: $0.locale) }
        let songs = site.songs, changedSongIDs = changedSongs
        let songsPages = Parallel.map(songs.count, jobs: jobs) { index -> [PlannedPage] in
            let song = songs[index], own = changedSongIDs?.contains(song.id) == true
            return zip(contexts, everySong).flatMap { lc, every in every || own ? songPages(song, in: lc, only: changed) : [] }
        }
        pages.reserveCapacity(songsPages.count * 2 * contexts.count + 8 * site.services.count)
        for songPages in songsPages { pages.append(contentsOf: songPages) }
        for lc in contexts {
            let locale = lc.locale
            func sharedChanged(_ shared: Set<Dependency>) -> Bool { groupChanged(shared, in: locale) }
            func add(_ page: String, _ template: String, _ deps: Set<Dependency>, navigation: Bool = true,
                     _ make: @escaping @Sendable () -> TemplateFields) {
                if let page = planned(page, template, deps, in: lc, navigation: navigation, only: changed, make) { pages.append(page) }
            }
            let listDeps = Set(site.shootLists.map { Dependency.shootList($0.id) })
            let todayDeps: Set<Dependency> = site.todaysService.map { today in
                Set(today.songs.map { Dependency.songSummary($0.song.id) }).union([.service(today.id)])
            } ?? []
            add(PagePaths.home, "home", listDeps.union(todayDeps).union([.buildDate, .serviceList, .songLibrary]), { lc.homePage() })
            add(PagePaths.today, "today", todayDeps.union([.buildDate, .serviceList]), { lc.todayPage() })
            add(PagePaths.songs, "songs", todayDeps.union([.songLibrary, .buildDate, .serviceList]), { lc.songsIndex() })
            add(PagePaths.searchData, "search-data.js", [.songLibrary], navigation: false, { lc.searchData() })
            add(PagePaths.usagePage, "song-usage", [.songLibrary, .serviceList, .buildDate], { lc.usagePage() })
            add(PagePaths.usage, "usage.csv", [.songLibrary, .serviceList, .buildDate], navigation: false, { lc.usageCSV() })
            add(PagePaths.albums, "albums", [.songLibrary, .albumIndex], { lc.albumsIndex() })
            let everyAlbum = sharedChanged(todayDeps.union([.albumIndex, .buildDate, .serviceList, .template("album")]))
            for album in site.albums
            where everyAlbum || changed?.contains(.album(album.id)) == true || album.tracks.contains(where: { songChanged($0.id) }) {
                let tracks = Set(album.tracks.map { Dependency.songSummary($0.id) })
                add(PagePaths.album(album.id), "album", tracks.union(todayDeps).union([.album(album.id), .albumIndex, .buildDate, .serviceList]),
                    { lc.albumPage(album) })
            }
            add(PagePaths.services, "services", [.buildDate, .serviceList], { lc.servicesIndex() })
            let upcomingSongs = Set(site.upcoming.flatMap { $0.songs.map { Dependency.songSummary($0.song.id) } })
            add(PagePaths.upcomingCalendar, "calendar.ics", upcomingSongs.union([.buildDate, .serviceList]), navigation: false,
                { lc.upcomingCalendar() })
            let allSongs = Set(site.services.flatMap { $0.songs.map { Dependency.songSummary($0.song.id) } })
            add(PagePaths.servicesFeed, "feed.json", allSongs.union([.serviceList]), navigation: false, { lc.servicesFeed() })
            let everyService = sharedChanged(Set([Dependency.buildDate, .serviceList]
                + ["service", "service.txt", "calendar.ics", "present", "console", "charts"].map { Dependency.template($0) }))
            for service in site.services where everyService || changed?.contains(.service(service.id)) == true
                || service.songs.contains(where: { songChanged($0.song.id) }) {
                let songDeps = Set(service.songs.map { Dependency.songSummary($0.song.id) })
                let serviceDeps = songDeps.union([.service(service.id), .buildDate, .serviceList])
                add(PagePaths.service(service.id), "service", serviceDeps, { lc.servicePage(service) })
                add(PagePaths.serviceText(service.id), "service.txt", serviceDeps, navigation: false, { lc.serviceText(service) })
                add(PagePaths.serviceCalendar(service.id), "calendar.ics", serviceDeps, navigation: false, { lc.serviceCalendar(service) })
                pages.append(contentsOf: projectionPages(of: service, in: lc, only: changed))
            }
            add(PagePaths.shootLists, "shootlists", listDeps.union([.buildDate]), { lc.shootListsIndex() })
            for list in site.shootLists {
                add(PagePaths.shootList(list.id), "shootlist", [.shootList(list.id), .buildDate], { lc.shootListPage(list) })
                add(PagePaths.shootListCSV(list.id), "checklist.csv", [.shootList(list.id)], navigation: false, { lc.shootListCSV(list) })
            }
        }
        // Two pages at one path would overwrite each other, one way in a clean build and the
        // other in an incremental one. Ids are `[a-z0-9-]` folders, so no page file can meet one.
        assert(Set(pages.map(\.outputPath)).count == pages.count, "two planned pages share an output path")
        return pages
    }

    /// A fingerprint of which pages `plan` makes — everything it decides that by: the locales,
    /// the ids of songs, albums, services (and whether each sings any song: charts) and shoot
    /// lists — and of the other outputs beside them.
    public static func pageSet(_ site: ResolvedSite, otherOutputs: [String]) -> String {
        var h = StableHash()
        for locale in site.config.locales { h.add(locale) }
        h.add("songs")
        for song in site.songs { h.add(song.id) }
        h.add("albums")
        for album in site.albums { h.add(album.id) }
        h.add("services")
        for service in site.services { h.add(service.songs.isEmpty ? service.id : service.id + "+") }
        h.add("shoot lists")
        for list in site.shootLists { h.add(list.id) }
        h.add("others")
        for path in otherOutputs { h.add(path) }
        return h.hex
    }

    /// Every page that shows the lyrics of `songs`, in every locale: their own pages and
    /// slideshows, and the slideshows and consoles of the services that sing them — the only
    /// pages that depend on `.songBody` (`DependencyTests` checks). A build in which only lyrics
    /// changed renders these from a `site` that holds just those songs and services, and the
    /// last build's `outline` of the rest.
    public static func lyricsPages(of songs: [Song], site: ResolvedSite, outline: SiteOutline,
                                   strings: [String: LocalizedStrings]) -> [PlannedPage] {
        let shared = SharedWork()
        return site.config.locales.flatMap { locale in
            let lc = LocaleContext(site: site, locale: locale, allStrings: strings, outline: outline, shared: shared)
            return songs.flatMap { songPages($0, in: lc, only: nil) } + site.services.flatMap { projectionPages(of: $0, in: lc, only: nil) }
        }
    }

    /// A song's page and its slideshow.
    private static func songPages(_ song: Song, in lc: LocaleContext, only changed: Set<Dependency>?) -> [PlannedPage] {
        [planned(PagePaths.song(song.id), "song", [.songSummary(song.id), .songBody(song.id), .songUsage(song.id), .albumIndex], in: lc,
                 only: changed) { lc.songPage(song) },
         planned(PagePaths.songPresent(song.id), "present", [.songSummary(song.id), .songBody(song.id)], in: lc,
                 navigation: false, only: changed) { lc.songPresentPage(song) }].compactMap { $0 }
    }

    /// A service's slideshow, its operator console and its chord charts: they show its songs' words.
    private static func projectionPages(of service: ResolvedService, in lc: LocaleContext, only changed: Set<Dependency>?) -> [PlannedPage] {
        let songs = service.songs.flatMap { [Dependency.songSummary($0.song.id), .songBody($0.song.id)] }
        let deps = Set(songs).union([.service(service.id)])
        return ([planned(PagePaths.servicePresent(service.id), "present", deps, in: lc, navigation: false, only: changed) { lc.servicePresentPage(service) },
                 planned(PagePaths.serviceConsole(service.id), "console", deps, in: lc, navigation: false, only: changed) { lc.serviceConsolePage(service) }]
            + (service.songs.isEmpty ? [] : [planned(PagePaths.serviceCharts(service.id), "charts", deps, in: lc, only: changed) { lc.serviceChartsPage(service) }]))
            .compactMap { $0 }
    }

    /// A page of `lc`'s locale, with what every page depends on: `site.yaml`, the locale's
    /// strings, its template, and (for pages with the site's navigation) whether it links to
    /// shoot lists.
    /// Nil when `changed` is given and the page declares none of those facts.
    private static func planned(_ page: String, _ template: String, _ deps: Set<Dependency>, in lc: LocaleContext,
                                navigation: Bool = true, only changed: Set<Dependency>?,
                                _ make: @escaping @Sendable () -> TemplateFields) -> PlannedPage? {
        // A template missing from `templatesUsed` would have no fingerprint, and its edits would
        // reach no page.
        assert(templatesUsed.contains(template), "add '\(template)' to PagePlanner.templatesUsed")
        var dependencies = deps
        dependencies.formUnion([.siteConfig, .strings(locale: lc.locale), .template(template)])
        if navigation { dependencies.insert(.shootListIndex) }
        if let changed, dependencies.isDisjoint(with: changed) { return nil }
        return PlannedPage(outputPath: lc.paths.output(page), template: template, locale: lc.locale,
                           dependencies: dependencies, makeContext: make)
    }
}

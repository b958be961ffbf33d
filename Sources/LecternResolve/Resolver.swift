import LecternModel

/// Stage 3 of the pipeline: checks every cross-document reference and puts each document in
/// its place (today's service, albums, merged shoot lists). Pure: same inputs, same result.
public struct Resolver {
    public var config: SiteConfig
    public var buildDate: CalendarDate
    public var profile: Profile

    public init(config: SiteConfig, buildDate: CalendarDate, profile: Profile) {
        self.config = config
        self.buildDate = buildDate
        self.profile = profile
    }

    public func resolve(songs: [Song], services: [Service], shootLists: [ShootList],
                        diagnostics: inout Diagnostics) -> ResolvedSite {
        let songs = unique(songs, kind: "song", id: \.id, source: \.source, diagnostics: &diagnostics)
        let songsByID = Dictionary(songs.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let allServices = unique(services, kind: "service", id: \.id, source: \.source, diagnostics: &diagnostics)
        let lists = unique(shootLists, kind: "shoot list", id: \.id, source: \.source, diagnostics: &diagnostics)

        let actives = allServices.filter(\.active)
        if actives.count > 1 {
            for extra in actives.dropFirst() {
                diagnostics.error(extra.activeLocation ?? extra.source, "more than one service is marked `active: true`: this one and \(actives[0].source.path)")
            }
        }
        let published = allServices.filter { profile == .display || !$0.draft }
        let resolved = published
            .map { resolve($0, songsByID: songsByID, diagnostics: &diagnostics) }
            .sorted { ($0.service.date, $0.id) < ($1.service.date, $1.id) }
        let upcoming = resolved.filter { $0.service.date.date >= buildDate }
        let archive = Array(resolved.filter { $0.service.date.date < buildDate }.reversed())
        let today = resolved.first { $0.service.active }
            ?? resolved.first { $0.service.date.date == buildDate }
            ?? upcoming.first

        return ResolvedSite(
            config: config, buildDate: buildDate, profile: profile,
            songs: songs, songsByID: songsByID,
            services: resolved, todaysService: today, upcoming: upcoming, archive: archive,
            albums: albums(of: songs),
            shootLists: resolveShootLists(lists, diagnostics: &diagnostics))
    }

    // MARK: - Services

    private func resolve(_ service: Service, songsByID: [String: Song], diagnostics: inout Diagnostics) -> ResolvedService {
        var service = service
        if profile == .public { service.privateNotes = nil }
        var items: [ResolvedItem] = []
        for item in service.items {
            switch item {
            case .heading(let title, let text): items.append(.heading(title: title, text: text))
            case .slide(let html, let text): items.append(.slide(html: html, text: text))
            case .song(let ref):
                guard let song = songsByID[ref.songID] else {
                    diagnostics.error(ref.location, "no song with id '\(ref.songID)'"
                                      + Suggestions.hint(for: ref.songID, among: songsByID.keys.sorted()))
                    continue
                }
                let order = ref.order ?? song.defaultOrder
                let sectionIDs = song.sections.map(\.id)
                let known = Set(sectionIDs)
                for id in ref.order ?? [] where Song.sectionID(named: id, among: known) == nil {
                    diagnostics.warning(ref.location, "'\(song.id)' has no section '\(id)'"
                                        + Suggestions.hint(for: id, among: sectionIDs))
                }
                let key = ref.key ?? song.metadata.key
                items.append(.song(ServiceSong(song: song, key: key,
                                               isTransposed: ref.key != nil && ref.key != song.metadata.key,
                                               order: order, note: ref.note)))
            }
        }
        return ResolvedService(service: service, items: items)
    }

    // MARK: - Albums

    private func albums(of songs: [Song]) -> [Album] {
        let grouped = Dictionary(grouping: songs.filter { $0.metadata.album != nil }, by: { $0.metadata.album! })
        var taken: Set<String> = []
        return grouped.keys.sorted().map { title in
            let tracks = grouped[title]!.sorted {
                ($0.metadata.track ?? Int.max, $0.metadata.title, $0.id) < ($1.metadata.track ?? Int.max, $1.metadata.title, $1.id)
            }
            let id = Slug.unique(Slug.make(title), taken: taken)
            taken.insert(id)
            return Album(id: id, title: title, artist: tracks.compactMap(\.metadata.artist).first,
                         cover: tracks.compactMap(\.metadata.cover).first, tracks: tracks)
        }
    }

    // MARK: - Shoot lists

    private func resolveShootLists(_ lists: [ShootList], diagnostics: inout Diagnostics) -> [ResolvedShootList] {
        let byPath = Dictionary(lists.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let byID = Dictionary(lists.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })

        func parent(of list: ShootList) -> ShootList? {
            guard var name = list.extends else { return nil }
            for prefix in ["./", "shootlists/", "Content/shootlists/"] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
            for ext in [".md", ".markdown"] where name.hasSuffix(ext) { name.removeLast(ext.count) }
            if let found = byPath[name] ?? byID[name] { return found }
            diagnostics.error(list.extendsLocation ?? list.source, "extends '\(list.extends!)', but there is no such shoot list or template"
                              + Suggestions.hint(for: name, among: (Array(byPath.keys) + Array(byID.keys)).sorted()))
            return nil
        }

        // Each template is merged once, however many lists extend it, so a broken `extends:`
        // is reported once, at the template.
        var done: [String: [ShootCategory]] = [:]
        func merged(_ list: ShootList, visiting: [String]) -> [ShootCategory] {
            if let known = done[list.path] { return known }
            if visiting.contains(list.path) {
                diagnostics.error(list.extendsLocation ?? list.source,
                                  "templates extend each other in a loop: \((visiting + [list.path]).joined(separator: " → "))")
                return list.categories
            }
            let result = parent(of: list).map { Self.merge(list.categories, over: merged($0, visiting: visiting + [list.path])) }
                ?? list.categories
            done[list.path] = result
            return result
        }

        return lists.filter { !$0.isTemplate && (profile == .display || $0.isPublic) }
            .map { list in
                var categories = merged(list, visiting: [])
                if profile == .public { categories = categories.map(Self.withoutPrivateFields) }
                return ResolvedShootList(list: list, categories: categories,
                                         isActive: list.schoolYear?.contains(buildDate) ?? false)
            }
            .sorted { ($0.list.schoolYear?.startYear ?? 0, $0.list.school, $0.id) < ($1.list.schoolYear?.startYear ?? 0, $1.list.school, $1.id) }
    }

    /// The template's categories and items first; an item of the list with the same category and
    /// name (or id) replaces the template's in place; new items and categories follow.
    public static func merge(_ own: [ShootCategory], over base: [ShootCategory]) -> [ShootCategory] {
        var result = base
        for category in own {
            guard let ci = result.firstIndex(where: { $0.name.lowercased() == category.name.lowercased() }) else {
                result.append(category)
                continue
            }
            for item in category.items {
                if let ii = result[ci].items.firstIndex(where: { same($0, item) }) {
                    result[ci].items[ii] = item
                } else {
                    result[ci].items.append(item)
                }
            }
        }
        return result
    }

    private static func same(_ a: ShootItem, _ b: ShootItem) -> Bool {
        if let x = a.id, let y = b.id { return x == y }
        return a.name.lowercased() == b.name.lowercased()
    }

    /// The public profile never shows who shot what, in which session, or the team's notes.
    private static func withoutPrivateFields(_ category: ShootCategory) -> ShootCategory {
        var c = category
        c.items = c.items.map { var i = $0; i.by = nil; i.session = nil; i.notes = nil; return i }
        return c
    }

    // MARK: - Duplicates

    private func unique<T>(_ docs: [T], kind: String, id: (T) -> String, source: (T) -> SourceLocation,
                           diagnostics: inout Diagnostics) -> [T] {
        var first: [String: T] = [:]
        for doc in docs {
            if let earlier = first[id(doc)] {
                diagnostics.error(source(doc), "duplicate \(kind) id '\(id(doc))': also used by \(source(earlier).path)")
            } else {
                first[id(doc)] = doc
            }
        }
        return first.keys.sorted().map { first[$0]! }
    }
}

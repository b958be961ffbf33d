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
        // Albums on another thread while the services and lists resolve: grouping and ordering
        // 10,000 songs by album is a third of resolving, and needs nothing else.
        let albumsMade = Background { Self.albums(of: songs) }
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
            albums: albumsMade.value,
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

    private static func albums(of songs: [Song]) -> [Album] {
        let grouped = Dictionary(grouping: songs.filter { $0.metadata.album != nil }, by: { $0.metadata.album! })
        var taken: Set<String> = []
        return grouped.keys.sorted().map { title in
            let songs = grouped[title]!
            let keys = songs.map { ($0.metadata.track ?? Int.max, $0.metadata.title, $0.id) }
            let tracks = songs.indices.sorted { keys[$0] < keys[$1] }.map { songs[$0] }
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
        // Indexed by name and id, not searched: 40 lists of 200 items over one template took a
        // tenth of a title edit's rebuild when every lookup lowercased every name before it.
        var categories: [String: Int] = [:]
        for (i, category) in result.enumerated() where categories[category.name.lowercased()] == nil {
            categories[category.name.lowercased()] = i
        }
        var items: [Int: ItemIndex] = [:]
        for category in own {
            let name = category.name.lowercased()
            guard let ci = categories[name] else {
                categories[name] = result.count
                result.append(category)
                continue
            }
            var index = items[ci] ?? ItemIndex(result[ci].items)
            for item in category.items {
                if let ii = index.first(sameAs: item, in: result[ci].items) {
                    result[ci].items[ii] = item
                    index.add(item, at: ii)
                } else {
                    index.add(item, at: result[ci].items.count)
                    result[ci].items.append(item)
                }
            }
            items[ci] = index
        }
        return result
    }

    /// A category's items by lowercased name and by id. A replaced item's old name stays
    /// behind, so each index found is checked against the item there now.
    private struct ItemIndex {
        var byName: [String: [Int]] = [:]
        var byID: [String: [Int]] = [:]

        init(_ items: [ShootItem]) {
            for (i, item) in items.enumerated() { add(item, at: i) }
        }

        mutating func add(_ item: ShootItem, at index: Int) {
            byName[item.name.lowercased(), default: []].append(index)
            if let id = item.id { byID[id, default: []].append(index) }
        }

        /// The first of `items` that is `same` as `item`.
        func first(sameAs item: ShootItem, in items: [ShootItem]) -> Int? {
            let named = byName[item.name.lowercased()] ?? []
            let withID = item.id.flatMap { byID[$0] } ?? []
            return (named + withID).filter { Resolver.same(items[$0], item) }.min()
        }
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
        let ids = docs.map(id)
        var first: [String: Int] = [:]
        first.reserveCapacity(docs.count)
        for (i, docID) in ids.enumerated() {
            if let earlier = first[docID] {
                diagnostics.error(source(docs[i]), "duplicate \(kind) id '\(docID)': also used by \(source(docs[earlier]).path)")
            } else {
                first[docID] = i
            }
        }
        // Places sorted, then each document moved once.
        return first.values.sorted { ids[$0] < ids[$1] }.map { docs[$0] }
    }
}

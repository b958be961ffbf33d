import LecternModel

/// A song as one service uses it: in that service's key and verse order.
public struct ServiceSong: Hashable, Sendable {
    public var song: Song
    public var key: String?
    /// True when the service asks for another key than the song's own.
    public var isTransposed: Bool
    public var order: [String]
    public var note: String?
}

public enum ResolvedItem: Hashable, Sendable {
    case song(ServiceSong)
    case heading(title: String, text: String?)
    case slide(html: String, text: String)
}

public struct ResolvedService: Hashable, Sendable {
    public var service: Service
    public var items: [ResolvedItem]

    public var id: String { service.id }
    public var songs: [ServiceSong] {
        items.compactMap { if case .song(let s) = $0 { return s } else { return nil } }
    }
}

/// Songs that share an `album:`, in track order.
public struct Album: Hashable, Sendable {
    public var id: String
    public var title: String
    public var artist: String?
    public var cover: String?
    public var tracks: [Song]
}

/// A shoot list with its template's categories merged in.
public struct ResolvedShootList: Hashable, Sendable {
    public var list: ShootList
    public var categories: [ShootCategory]
    /// The build date falls inside its school year.
    public var isActive: Bool

    public var id: String { list.id }
    public var progress: ShootProgress { ShootProgress(items: categories.flatMap(\.items)) }
}

/// Stage 3's result: every reference checked, every document in its place.
public struct ResolvedSite: Sendable {
    public var config: SiteConfig
    public var buildDate: CalendarDate
    public var profile: Profile
    /// Sorted by id.
    public var songs: [Song]
    public var songsByID: [String: Song]
    /// Sorted by date, earliest first.
    public var services: [ResolvedService]
    public var todaysService: ResolvedService?
    public var upcoming: [ResolvedService]
    /// Past services, latest first.
    public var archive: [ResolvedService]
    public var albums: [Album]
    /// Shoot lists to publish (templates excluded), sorted by school year then school.
    public var shootLists: [ResolvedShootList]
}

extension ResolvedSite {
    /// The services that count as sung (see `SongUsage`: dated up to the build date, not
    /// drafts), oldest first, each with the ids of the songs it sang, each once.
    public var sungServices: [(service: ResolvedService, songs: [String])] {
        services.filter { !$0.service.draft && $0.service.date.date <= buildDate }.map { resolved in
            var seen = Set<String>()
            return (resolved, resolved.songs.map(\.song.id).filter { seen.insert($0).inserted })
        }
    }

    /// Each sung song's usage (see `SongUsage`).
    public var songUsage: [String: SongUsage] {
        var usage: [String: SongUsage] = [:]
        for (resolved, songs) in sungServices {
            let date = resolved.service.date.date
            for id in songs {
                if var known = usage[id] {
                    known.count += 1
                    known.lastUsed = max(known.lastUsed, date)
                    usage[id] = known
                } else {
                    usage[id] = SongUsage(count: 1, lastUsed: date)
                }
            }
        }
        return usage
    }

    /// What song pages need of the whole site (see `SiteOutline`).
    public var outline: SiteOutline {
        SiteOutline(albumIDs: Dictionary(albums.map { ($0.title, $0.id) }, uniquingKeysWith: { a, _ in a }),
                    todaysSongs: Set(todaysService?.songs.map(\.song.id) ?? []),
                    hasShootLists: !shootLists.isEmpty,
                    songUsage: songUsage,
                    serviceSongs: Dictionary(services.map { ($0.service.source.path, $0.songs.map(\.song.source.path)) },
                                             uniquingKeysWith: { a, _ in a }))
    }
}

extension ResolvedSite {
    /// A site that holds only `songs` and the `services` that sing them, nothing else: for
    /// rendering those songs' pages and those services' slides with the last build's
    /// `SiteOutline` of the rest, when only the songs' lyrics changed.
    public static func songsOnly(_ songs: [Song], services: [ResolvedService] = [], config: SiteConfig, buildDate: CalendarDate,
                                 profile: Profile) -> ResolvedSite {
        ResolvedSite(config: config, buildDate: buildDate, profile: profile,
                     songs: songs, songsByID: Dictionary(songs.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }),
                     services: services, todaysService: nil, upcoming: [], archive: [], albums: [], shootLists: [])
    }
}

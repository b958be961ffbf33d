/// What a song page needs to know of the rest of the site: which albums exist (for its album
/// link), which songs today's service uses, whether any shoot list is published (the
/// navigation links to them), how often it was sung, and which services sing it (their slides show its words). Kept from the last build (`.lectern/outline`), so a build in which
/// only some songs' lyrics changed can render those songs' pages without reading the other
/// 10,000 songs: none of these facts can change with lyrics alone.
public struct SiteOutline: Sendable, Equatable {
    /// Album title → album id.
    public var albumIDs: [String: String]
    public var todaysSongs: Set<String>
    public var hasShootLists: Bool
    /// Song id → how often and when it was last sung.
    public var songUsage: [String: SongUsage]
    /// Each published service's file → the files of the songs it sings: a song's words are on
    /// the slides of the services that sing it, so a lyrics edit re-renders those too.
    public var serviceSongs: [String: [String]]

    public init(albumIDs: [String: String], todaysSongs: Set<String>, hasShootLists: Bool, songUsage: [String: SongUsage],
                serviceSongs: [String: [String]]) {
        self.albumIDs = albumIDs
        self.todaysSongs = todaysSongs
        self.hasShootLists = hasShootLists
        self.songUsage = songUsage
        self.serviceSongs = serviceSongs
    }

    /// The files of the services that sing any of the songs in `songFiles`, sorted.
    public func services(singing songFiles: Set<String>) -> [String] {
        serviceSongs.filter { !songFiles.isDisjoint(with: $0.value) }.keys.sorted()
    }
}

/// What a song page needs to know of the rest of the site: which albums exist (for its album
/// link), which songs today's service uses, and whether any shoot list is published (the
/// navigation links to them). Kept from the last build (`.lectern/outline`), so a build in which
/// only some songs' lyrics changed can render those songs' pages without reading the other
/// 10,000 songs: none of these facts can change with lyrics alone.
public struct SiteOutline: Sendable, Equatable {
    /// Album title → album id.
    public var albumIDs: [String: String]
    public var todaysSongs: Set<String>
    public var hasShootLists: Bool

    public init(albumIDs: [String: String], todaysSongs: Set<String>, hasShootLists: Bool) {
        self.albumIDs = albumIDs
        self.todaysSongs = todaysSongs
        self.hasShootLists = hasShootLists
    }
}

/// How often a song was sung: the services on or before the build date that name it, each
/// counted once however often the song comes back in it. Drafts do not count (a draft was
/// not necessarily held), so the numbers are the same in both profiles: they go into licence
/// reports.
public struct SongUsage: Hashable, Sendable {
    public var count: Int
    public var lastUsed: CalendarDate

    public init(count: Int, lastUsed: CalendarDate) {
        self.count = count
        self.lastUsed = lastUsed
    }

    /// A fingerprint for the build record.
    public var fingerprint: String { "\(count)@\(lastUsed)" }
}

/// One entry of an order of service, as written.
public enum ServiceItem: Hashable, Sendable {
    case song(SongReference)
    case heading(title: String, text: String?)
    /// A free slide: its Markdown rendered to HTML, and its text alone (for a running order).
    case slide(html: String, text: String)
}

/// A service item that names a song, with this service's choices.
public struct SongReference: Hashable, Sendable {
    public var songID: String
    public var key: String?
    public var order: [String]?
    public var note: String?
    /// Where the song id was written, for "unknown song" errors.
    public var location: SourceLocation

    public init(songID: String, key: String? = nil, order: [String]? = nil, note: String? = nil, location: SourceLocation) {
        self.songID = songID
        self.key = key
        self.order = order
        self.note = note
        self.location = location
    }
}

/// A worship service file, after parsing.
public struct Service: Hashable, Sendable {
    public var id: String
    public var source: SourceLocation
    public var title: String
    public var date: LocalDateTime
    public var active: Bool
    /// Where `active:` was written, for "more than one active service".
    public var activeLocation: SourceLocation?
    public var leader: String?
    public var draft: Bool
    public var privateNotes: String?
    public var items: [ServiceItem]
    /// The Markdown body (public notes), rendered to HTML.
    public var notesHTML: String

    public init(id: String, source: SourceLocation, title: String, date: LocalDateTime, active: Bool = false,
                activeLocation: SourceLocation? = nil, leader: String? = nil, draft: Bool = false, privateNotes: String? = nil,
                items: [ServiceItem] = [], notesHTML: String = "") {
        self.id = id
        self.source = source
        self.title = title
        self.date = date
        self.active = active
        self.activeLocation = activeLocation
        self.leader = leader
        self.draft = draft
        self.privateNotes = privateNotes
        self.items = items
        self.notesHTML = notesHTML
    }
}

import LecternModel

extension Service: CacheCodable {
    public func encode(to w: inout ByteWriter) {
        w.string(id)
        w.value(source)
        w.string(title)
        w.value(date.date)
        w.optional(date.time) {
            $0.int($1.hour)
            $0.int($1.minute)
        }
        w.bool(active)
        w.optionalValue(activeLocation)
        w.optionalString(leader)
        w.bool(draft)
        w.optionalString(privateNotes)
        w.values(items)
        w.string(notesHTML)
    }

    public init(from r: inout ByteReader) throws {
        let id = try r.string(), source: SourceLocation = try r.value(), title = try r.string()
        let date = LocalDateTime(date: try r.value(), time: try r.optional { TimeOfDay(hour: try $0.int(), minute: try $0.int()) })
        self.init(id: id, source: source, title: title, date: date, active: try r.bool(), activeLocation: try r.optionalValue(),
                  leader: try r.optionalString(), draft: try r.bool(), privateNotes: try r.optionalString(),
                  items: try r.values(), notesHTML: try r.string())
    }
}

extension ServiceItem: CacheCodable {
    public func encode(to w: inout ByteWriter) {
        switch self {
        case .song(let reference):
            w.int(0)
            w.string(reference.songID)
            w.optionalString(reference.key)
            w.optional(reference.order) { $0.strings($1) }
            w.optionalString(reference.note)
            w.value(reference.location)
        case .heading(let title, let text):
            w.int(1)
            w.string(title)
            w.optionalString(text)
        case .slide(let html, let text):
            w.int(2)
            w.string(html)
            w.string(text)
        }
    }

    public init(from r: inout ByteReader) throws {
        switch try r.int() {
        case 0:
            self = .song(SongReference(songID: try r.string(), key: try r.optionalString(), order: try r.optional { try $0.strings() },
                                       note: try r.optionalString(), location: try r.value()))
        case 1: self = .heading(title: try r.string(), text: try r.optionalString())
        case 2: self = .slide(html: try r.string(), text: try r.string())
        default: throw ByteReader.Malformed()
        }
    }
}

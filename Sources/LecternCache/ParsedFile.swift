import LecternModel

/// One content file's parse: what the parse stage hands on and the cache stores.
public enum ParsedFile: Sendable {
    case song(Song), service(Service), shootList(ShootList)

    var kind: ParseCache.Kind {
        switch self {
        case .song: return .song
        case .service: return .service
        case .shootList: return .shootList
        }
    }
}

extension ParsedFile: CacheCodable {
    public func encode(to w: inout ByteWriter) {
        w.int(kind.rawValue)
        switch self {
        case .song(let song): w.value(song)
        case .service(let service): w.value(service)
        case .shootList(let list): w.value(list)
        }
    }

    public init(from r: inout ByteReader) throws {
        switch ParseCache.Kind(rawValue: try r.int()) {
        case .song?: self = .song(try r.value())
        case .service?: self = .service(try r.value())
        case .shootList?: self = .shootList(try r.value())
        case nil: throw ByteReader.Malformed()
        }
    }
}

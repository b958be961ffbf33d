import LecternModel

/// A model value the parse cache can store: written and read field by field, in declaration
/// order. A new model field must be added here too; `ParseCacheTests` round-trips the example
/// site and fails when one is forgotten, and the cache is keyed by the lectern binary, so a
/// cache written by an older build is never read by a newer one.
public protocol CacheCodable {
    func encode(to w: inout ByteWriter)
    init(from r: inout ByteReader) throws
}

extension ByteWriter {
    public mutating func value(_ v: some CacheCodable) { v.encode(to: &self) }
    public mutating func values(_ vs: [some CacheCodable]) { array(vs) { $1.encode(to: &$0) } }
    public mutating func optionalValue(_ v: (some CacheCodable)?) { optional(v) { $1.encode(to: &$0) } }
}

extension ByteReader {
    public mutating func value<T: CacheCodable>(_: T.Type = T.self) throws -> T { try T(from: &self) }
    public mutating func values<T: CacheCodable>(_: T.Type = T.self) throws -> [T] { try array { try T(from: &$0) } }
    public mutating func optionalValue<T: CacheCodable>(_: T.Type = T.self) throws -> T? { try optional { try T(from: &$0) } }
}

extension SourceLocation: CacheCodable {
    public func encode(to w: inout ByteWriter) {
        w.string(path)
        w.int(line)
        w.int(column)
    }

    public init(from r: inout ByteReader) throws {
        self.init(path: try r.string(), line: try r.int(), column: try r.int())
    }
}

extension Diagnostic: CacheCodable {
    public func encode(to w: inout ByteWriter) {
        w.bool(severity == .error)
        w.value(location)
        w.string(message)
    }

    public init(from r: inout ByteReader) throws {
        self.init(try r.bool() ? .error : .warning, try r.value(), try r.string())
    }
}

extension CalendarDate: CacheCodable {
    public func encode(to w: inout ByteWriter) {
        w.int(year)
        w.int(month)
        w.int(day)
    }

    public init(from r: inout ByteReader) throws {
        self.init(year: try r.int(), month: try r.int(), day: try r.int())
    }
}

extension SongUsage: CacheCodable {
    public func encode(to w: inout ByteWriter) {
        w.int(count)
        w.value(lastUsed)
    }

    public init(from r: inout ByteReader) throws {
        self.init(count: try r.int(), lastUsed: try r.value())
    }
}

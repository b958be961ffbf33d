/// A compact binary encoding for the parse cache: variable-length integers and length-prefixed
/// UTF-8. Hand-written rather than `Codable`: decoding 10,000 cached songs must take tens of
/// milliseconds, and `Codable`'s keyed containers cost about a microsecond per field.
public struct ByteWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public mutating func int(_ value: Int) {
        // Zig-zag, then 7 bits per byte, low bits first.
        var v = UInt64(bitPattern: Int64((value << 1) ^ (value >> 63)))
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7f) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    public mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    public mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            int(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    public mutating func raw(_ data: some Collection<UInt8>) { bytes.append(contentsOf: data) }

    public mutating func optional<T>(_ value: T?, _ write: (inout ByteWriter, T) -> Void) {
        bool(value != nil)
        if let value { write(&self, value) }
    }

    public mutating func array<T>(_ values: [T], _ write: (inout ByteWriter, T) -> Void) {
        int(values.count)
        for v in values { write(&self, v) }
    }

    public mutating func strings(_ values: [String]) { array(values) { $0.string($1) } }
    public mutating func optionalString(_ value: String?) { optional(value) { $0.string($1) } }
}

/// Reads what `ByteWriter` wrote; any inconsistency throws, and a cache that throws is
/// discarded as a whole.
public struct ByteReader {
    public struct Malformed: Error {}

    /// A slice reads in place: its indices are those of the array it came from.
    let bytes: ArraySlice<UInt8>
    public private(set) var offset: Int

    public init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.offset = bytes.startIndex
    }

    public init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes[...]
        self.offset = offset
    }

    public var isAtEnd: Bool { offset >= bytes.endIndex }

    public mutating func int() throws -> Int {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.endIndex, shift < 64 else { throw Malformed() }
            let byte = bytes[offset]
            offset += 1
            result |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        // Undo the zig-zag on the unsigned value: an arithmetic shift would smear the top bit.
        return Int(Int64(bitPattern: (result >> 1) ^ (0 &- (result & 1))))
    }

    public mutating func bool() throws -> Bool {
        guard offset < bytes.endIndex, bytes[offset] <= 1 else { throw Malformed() }
        defer { offset += 1 }
        return bytes[offset] == 1
    }

    public mutating func string() throws -> String {
        let count = try int()
        guard count >= 0, count <= bytes.endIndex - offset else { throw Malformed() }
        defer { offset += count }
        return bytes[offset..<offset + count].withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }

    /// The next `count` bytes, uninterpreted (a cached entry copied into the next cache as is).
    public mutating func raw(_ count: Int) throws -> ArraySlice<UInt8> {
        guard count >= 0, count <= bytes.endIndex - offset else { throw Malformed() }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    public mutating func optional<T>(_ read: (inout ByteReader) throws -> T) throws -> T? {
        try bool() ? try read(&self) : nil
    }

    public mutating func array<T>(_ read: (inout ByteReader) throws -> T) throws -> [T] {
        let count = try int()
        guard count >= 0, count <= bytes.endIndex - offset else { throw Malformed() }
        var result: [T] = []
        result.reserveCapacity(count)
        for _ in 0..<count { result.append(try read(&self)) }
        return result
    }

    public mutating func strings() throws -> [String] { try array { try $0.string() } }
    public mutating func optionalString() throws -> String? { try optional { try $0.string() } }
}

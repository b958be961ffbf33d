/// A 64-bit FNV-1a hash, the same on every machine and in every process (unlike `Hasher`),
/// for fingerprints kept between builds. Not for security: nothing here is adversarial.
public struct StableHash: Sendable {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func add(_ text: String) {
        for byte in text.utf8 {
            state ^= UInt64(byte)
            state = state &* 0x100_0000_01b3
        }
        // A separator, so ("ab", "c") and ("a", "bc") differ.
        state ^= 0xff
        state = state &* 0x100_0000_01b3
    }

    /// Raw bytes, without a separator: a file's content hash. Eight bytes at a time (read as
    /// little-endian, so the same on every machine), each word multiplied in and its high bits
    /// folded down: byte-at-a-time FNV over a 10,000-song site's 600 MB of pages took a
    /// twentieth of a cold build. The tail goes byte by byte.
    public mutating func add(bytes: ArraySlice<UInt8>) {
        var state = self.state
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset + 8 <= raw.count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                state = (state ^ word) &* 0x9e37_79b9_7f4a_7c15
                state ^= state >> 32
                offset += 8
            }
            while offset < raw.count {
                state ^= UInt64(raw[offset])
                state = state &* 0x100_0000_01b3
                offset += 1
            }
        }
        self.state = state
    }

    public var value: UInt64 { state }

    public var hex: String {
        let s = String(state, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }

    public static func of(_ parts: String...) -> String {
        var h = StableHash()
        for p in parts { h.add(p) }
        return h.hex
    }
}

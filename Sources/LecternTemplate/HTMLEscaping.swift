/// `{{name}}` output: the five characters that matter in HTML text and attribute values.
public enum HTMLEscaping {
    /// `text` escaped as `{{name}}` would print it.
    public static func escape(_ text: String) -> String {
        guard needsEscaping(text) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        append(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `text` has any of the five: a loop over the bytes in place (a chord chart's every
    /// lyric is checked, and the generic `contains(where:)` cost several times as much).
    static func needsEscaping(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for byte in bytes where byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 { return true }
            return false
        }
    }

    static func append(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            appendEscaping(bytes, to: &output) { bytes, index in
                switch bytes[index] {
                case UInt8(ascii: "&"): return ("&amp;", 1)
                case UInt8(ascii: "<"): return ("&lt;", 1)
                case UInt8(ascii: ">"): return ("&gt;", 1)
                case UInt8(ascii: "\""): return ("&quot;", 1)
                case UInt8(ascii: "'"): return ("&#39;", 1)
                default: return nil
                }
            }
        }
    }
}

/// `bytes` appended to `output` with some replaced, for HTML and JSON alike: the runs between
/// replacements are copied whole. `escape(bytes, i)` gives the text that replaces the bytes
/// from `i` on and how many of them it replaces, or nil to keep the byte.
@inline(__always)
func appendEscaping(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8],
                    _ escape: (UnsafeBufferPointer<UInt8>, Int) -> (text: StaticString, width: Int)?) {
    var start = 0, index = 0
    while index < bytes.count {
        guard let (text, width) = escape(bytes, index) else {
            index += 1
            continue
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        index += width
        start = index
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
}

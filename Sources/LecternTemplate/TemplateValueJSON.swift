/// Page data as JSON, for the small scripts of a theme: a song's chords in every key, the
/// library's search data. Objects list their keys sorted, so the same data gives the same
/// bytes. Safe to place inside `<script>` (and in a `.js` file): `<`, `>` and `&` are written as
/// `\u003c`…, so no text can close the script element or open a comment.
extension TemplateValue {
    public var json: String {
        var out = JSONWriter()
        out.value(self)
        return out.text
    }
}

/// JSON written straight into UTF-8 bytes, for data too large to build as template values
/// first (the library's search data has a row per song).
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Punctuation or a literal written as is: `[`, `,`, `true`.
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    public mutating func value(_ value: TemplateValue) {
        switch value {
        case .text(let text): string(text)
        case .bool(let flag): raw(flag ? "true" : "false")
        case .list(let items): list(items) { $0.value($1) }
        case .object(let fields):
            raw("{")
            for (i, field) in fields.sorted(by: { $0.key < $1.key }).enumerated() {
                if i > 0 { raw(",") }
                string(field.key)
                raw(":")
                self.value(field.value)
            }
            raw("}")
        case .shared(let fragment): self.value(.object(fragment.fields))
        }
    }

    /// `[a,b,…]`, each item written by `write`.
    public mutating func list<S: Sequence>(_ items: S, _ write: (inout JSONWriter, S.Element) -> Void) {
        raw("[")
        for (i, item) in items.enumerated() {
            if i > 0 { raw(",") }
            write(&self, item)
        }
        raw("]")
    }

    public mutating func strings(_ items: [String]) { list(items) { $0.string($1) } }

    public mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { append(escaping: $0) }
    }

    /// `utf8` as a JSON string. `<`, `>` and `&` are escaped so the JSON can sit in a
    /// `<script>`, and U+2028/U+2029 (bytes E2 80 A8/A9) so older JavaScript reads it.
    private mutating func append(escaping utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        appendEscaping(utf8, to: &bytes) { utf8, i in
            switch utf8[i] {
            case UInt8(ascii: "\""): return ("\\\"", 1)
            case UInt8(ascii: "\\"): return ("\\\\", 1)
            case UInt8(ascii: "\n"): return ("\\n", 1)
            case UInt8(ascii: "\r"): return ("\\r", 1)
            case UInt8(ascii: "\t"): return ("\\t", 1)
            case UInt8(ascii: "<"): return ("\\u003c", 1)
            case UInt8(ascii: ">"): return ("\\u003e", 1)
            case UInt8(ascii: "&"): return ("\\u0026", 1)
            case 0xE2 where i + 2 < utf8.count && utf8[i + 1] == 0x80 && utf8[i + 2] == 0xA8: return ("\\u2028", 3)
            case 0xE2 where i + 2 < utf8.count && utf8[i + 1] == 0x80 && utf8[i + 2] == 0xA9: return ("\\u2029", 3)
            case let control where control < 0x20: return (Self.controlEscapes[Int(control)], 1)
            default: return nil
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `\u0000` to `\u001f`: the other control characters, by their code.
    private static let controlEscapes: [StaticString] = [
        "\\u0000", "\\u0001", "\\u0002", "\\u0003", "\\u0004", "\\u0005", "\\u0006", "\\u0007",
        "\\u0008", "\\u0009", "\\u000a", "\\u000b", "\\u000c", "\\u000d", "\\u000e", "\\u000f",
        "\\u0010", "\\u0011", "\\u0012", "\\u0013", "\\u0014", "\\u0015", "\\u0016", "\\u0017",
        "\\u0018", "\\u0019", "\\u001a", "\\u001b", "\\u001c", "\\u001d", "\\u001e", "\\u001f"
    ]
}

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
        bytes.append(UInt8(ascii: "\""))
        // Most text needs no escape: one append, not one per character. 0xE2 leads U+2028/2029.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x3C || $0 == 0x3E || $0 == 0x26 || $0 == 0xE2 }) {
            bytes.append(contentsOf: text.utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": raw("\\\"")
            case "\\": raw("\\\\")
            case "\n": raw("\\n")
            case "\r": raw("\\r")
            case "\t": raw("\\t")
            case "<": raw("\\u003c")
            case ">": raw("\\u003e")
            case "&": raw("\\u0026")
            case "\u{2028}": raw("\\u2028")
            case "\u{2029}": raw("\\u2029")
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    bytes.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                } else {
                    bytes.append(contentsOf: String(scalar).utf8)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

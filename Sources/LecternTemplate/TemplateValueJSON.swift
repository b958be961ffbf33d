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

    /// `utf8` as a JSON string. Runs that need no escape are copied whole; `<`, `>` and `&`
    /// are escaped so the JSON can sit in a `<script>`, and U+2028/U+2029 (bytes E2 80 A8/A9)
    /// so older JavaScript reads it.
    private mutating func append(escaping utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0, i = 0
        while i < utf8.count {
            let byte = utf8[i]
            var width = 1
            let escape: StaticString
            switch byte {
            case UInt8(ascii: "\""): escape = "\\\""
            case UInt8(ascii: "\\"): escape = "\\\\"
            case UInt8(ascii: "\n"): escape = "\\n"
            case UInt8(ascii: "\r"): escape = "\\r"
            case UInt8(ascii: "\t"): escape = "\\t"
            case UInt8(ascii: "<"): escape = "\\u003c"
            case UInt8(ascii: ">"): escape = "\\u003e"
            case UInt8(ascii: "&"): escape = "\\u0026"
            case 0xE2 where i + 2 < utf8.count && utf8[i + 1] == 0x80 && (utf8[i + 2] == 0xA8 || utf8[i + 2] == 0xA9):
                escape = utf8[i + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                width = 3
            case ..<0x20:
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
                let hex = String(byte, radix: 16)
                bytes.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                i += 1
                runStart = i
                continue
            default:
                i += 1
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
            raw(escape)
            i += width
            runStart = i
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        bytes.append(UInt8(ascii: "\""))
    }
}

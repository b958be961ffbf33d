/// The kind of file a page template writes, from the last extension of its name
/// (`usage.csv`, `service.ics`, `service.txt`; HTML when it has none). It decides how
/// `{{name}}` escapes a value — as HTML text, as a CSV cell, as iCalendar TEXT, or not at all —
/// and how the rendered file is finished (CSV: CRLF after each record; iCalendar: CRLF line
/// ends, lines folded at 75 bytes).
/// `{{{name}}}` is never escaped. Partials take the format of the page that includes them.
public enum OutputFormat: Sendable, Equatable {
    case html, csv, iCalendar, plainText

    public init(templateName: String) {
        let last = templateName.split(separator: "/").last ?? ""
        switch last.split(separator: ".").dropFirst().last {
        case "csv": self = .csv
        case "ics": self = .iCalendar
        case "txt", "js", "json": self = .plainText
        default: self = .html
        }
    }

    func appendEscaped(_ text: String, to output: inout [UInt8]) {
        switch self {
        case .html: HTMLEscaping.append(text, to: &output)
        case .plainText: output.append(contentsOf: text.utf8)
        case .csv: output.append(contentsOf: Self.csvCell(text).utf8)
        case .iCalendar: output.append(contentsOf: Self.iCalendarText(text).utf8)
        }
    }

    /// RFC 4180: a cell with a comma, a quote or a line break is quoted, its quotes doubled.
    static func csvCell(_ text: String) -> String {
        // A byte scan: 10,000 titles checked character by character cost a tenth of a second.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }) else { return text }
        // Bytes, not characters: a quote followed by a combining mark is one Character.
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        for byte in text.utf8 {
            bytes.append(byte)
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
        }
        bytes.append(UInt8(ascii: "\""))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// RFC 5545 TEXT: backslash, semicolon and comma escaped, line breaks as `\n`.
    static func iCalendarText(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\r": continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The rendered file as this format wants it on disk.
    func finish(_ bytes: [UInt8]) -> [UInt8] {
        switch self {
        case .iCalendar: return Self.foldedContentLines(bytes)
        case .csv: return Self.crlfRecords(bytes)
        case .html, .plainText: return bytes
        }
    }

    /// RFC 4180 §2: each record ends with CRLF; a line break inside a quoted cell stays as written.
    static func crlfRecords(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 16)
        var quoted = false
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if byte == 10, !quoted, out.last != 13 { out.append(13) }
            out.append(byte)
        }
        return out
    }

    /// RFC 5545 §3.1: CRLF after every line; a line longer than 75 bytes continues on the
    /// next after a space, never splitting a UTF-8 character. Empty lines are dropped (they
    /// are not allowed, and templates leave some).
    static func foldedContentLines(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 32)
        for line in bytes.split(separator: 10, omittingEmptySubsequences: true) {
            var line = line
            if line.last == 13 { line = line.dropLast() }
            guard !line.isEmpty else { continue }
            var width = 0
            for byte in line {
                // A character's length from its first byte; a whole character must fit.
                let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 0
                if length > 0 && width + length > 75 {
                    out.append(contentsOf: [13, 10, 32])
                    width = 1
                }
                out.append(byte)
                width += 1
            }
            out.append(contentsOf: [13, 10])
        }
        return out
    }
}

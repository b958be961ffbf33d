import Foundation
import LecternModel

/// Turns a file's bytes into text the parsers can trust.
public enum TextDecoding {
    /// Decodes UTF-8, drops a byte-order mark and turns `\r\n` and lone `\r` into `\n`
    /// (line numbers stay those an editor shows). A file that is not UTF-8 is read as Windows-1252
    /// (what older Windows song tools save; Latin-1 is a part of it), with a warning naming the first
    /// line that is not UTF-8 — so one badly saved song never stops a build and shows no garbage.
    public static func decode(_ bytes: [UInt8], path: String, diagnostics: inout Diagnostics) -> String {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        var text: String
        if let valid = String(validating: body, as: UTF8.self) {
            text = valid
        } else {
            diagnostics.warning(SourceLocation(path: path, line: firstInvalidLine(body)),
                                "file is not UTF-8; it was read as Windows-1252 (Western European) — save it as UTF-8 if its letters look wrong")
            text = windows1252(body)
        }
        if text.containsByte(UInt8(ascii: "\r")) { // a byte scan: Foundation's contains is a locale-aware search
            text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
        return text
    }

    /// Bytes 0x80–0x9F of Windows-1252; the rest are Latin-1, the same code points as bytes
    /// (the five unassigned bytes are kept as their C1 control code points).
    private static let windows1252High: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]

    static func windows1252(_ bytes: ArraySlice<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        for b in bytes {
            let value = (0x80...0x9F).contains(b) ? windows1252High[Int(b) - 0x80] : UInt32(b)
            scalars.append(Unicode.Scalar(value)!)
        }
        return String(scalars)
    }

    private static func firstInvalidLine(_ bytes: ArraySlice<UInt8>) -> Int {
        var line = 1
        var start = bytes.startIndex
        for i in bytes.indices where bytes[i] == 0x0A {
            if String(validating: bytes[start..<i], as: UTF8.self) == nil { return line }
            line += 1
            start = i + 1
        }
        return line
    }
}

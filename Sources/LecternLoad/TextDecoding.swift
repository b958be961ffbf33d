import Foundation
import LecternModel

/// Turns a file's bytes into text the parsers can trust.
public enum TextDecoding {
    /// Decodes UTF-8, drops a byte-order mark and turns `\r\n` and lone `\r` into `\n`
    /// (line numbers stay those an editor shows). Invalid UTF-8 is replaced, with a warning,
    /// so one badly saved song never stops a build.
    public static func decode(_ bytes: [UInt8], path: String, diagnostics: inout Diagnostics) -> String {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        var text: String
        if let valid = String(validating: body, as: UTF8.self) {
            text = valid
        } else {
            diagnostics.warning(SourceLocation(path: path, line: firstInvalidLine(body)),
                                "file is not valid UTF-8; invalid bytes were replaced (save it as UTF-8)")
            text = String(decoding: body, as: UTF8.self)
        }
        if text.utf8.contains(UInt8(ascii: "\r")) { // a byte scan: Foundation's contains is a locale-aware search
            text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
        return text
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

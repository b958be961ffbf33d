import LecternModel

/// A text input of the site, read and normalised: UTF-8, no byte-order mark, `\n` line ends.
public struct SourceFile: Hashable, Sendable {
    /// Path relative to the site root, with `/` separators: what diagnostics print.
    public var path: String
    public var text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    /// A file's text from its bytes (`TextDecoding`: BOM, line ends, invalid UTF-8 as a warning).
    public init(decoding bytes: [UInt8], path: String, diagnostics: inout Diagnostics) {
        self.init(path: path, text: TextDecoding.decode(bytes, path: path, diagnostics: &diagnostics))
    }

    public func location(line: Int = 1, column: Int = 1) -> SourceLocation {
        SourceLocation(path: path, line: line, column: column)
    }

    /// The file name without folders or extension.
    public var baseName: String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The lower-cased extension without the dot.
    public var fileExtension: String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return "" }
        return String(name[name.index(after: dot)...]).lowercased()
    }
}

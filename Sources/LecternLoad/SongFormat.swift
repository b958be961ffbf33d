/// The three song source formats, told apart by file extension (`docs/content-format.md`).
public enum SongFormat: String, Sendable, CaseIterable {
    case markdown, chordPro, openLyrics

    public static func of(path: String) -> SongFormat? {
        guard let ext = fileExtension(of: path) else { return nil }
        if SiteLoader.markdownExtensions.contains(ext) { return .markdown }
        switch ext {
        case "cho", "chordpro", "chopro", "crd", "pro": return .chordPro
        case "xml": return .openLyrics
        default: return nil
        }
    }
}

/// The extension of the file `path` names, lowercased: what follows the last `.` of the part
/// after the last `/`; nil when that part has no dot, or only a leading one (`.hidden`). Found
/// from the end: every content file's path is asked on every build, and splitting the whole
/// path was most of that.
public func fileExtension(of path: String) -> String? {
    let utf8 = path.utf8
    let nameStart = utf8.lastIndex(of: UInt8(ascii: "/")).map { utf8.index(after: $0) } ?? utf8.startIndex
    guard let dot = utf8[nameStart...].lastIndex(of: UInt8(ascii: ".")), dot != nameStart else { return nil }
    return String(Substring(utf8[utf8.index(after: dot)...])).lowercased()
}

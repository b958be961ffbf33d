/// The three song source formats, told apart by file extension (`docs/content-format.md`).
public enum SongFormat: String, Sendable, CaseIterable {
    case markdown, chordPro, openLyrics

    public static func of(path: String) -> SongFormat? {
        // The file name is what follows the last `/` (found from the end: every content file's
        // path is asked on every build, and splitting the whole path was most of that).
        let utf8 = path.utf8
        let nameStart = utf8.lastIndex(of: UInt8(ascii: "/")).map { utf8.index(after: $0) } ?? utf8.startIndex
        guard let dot = utf8[nameStart...].lastIndex(of: UInt8(ascii: ".")), dot != nameStart else { return nil }
        let ext = String(Substring(utf8[utf8.index(after: dot)...])).lowercased()
        if SiteLoader.markdownExtensions.contains(ext) { return .markdown }
        switch ext {
        case "cho", "chordpro", "chopro", "crd", "pro": return .chordPro
        case "xml": return .openLyrics
        default: return nil
        }
    }
}

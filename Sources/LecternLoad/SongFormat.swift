/// The three song source formats, told apart by file extension (`docs/content-format.md`).
public enum SongFormat: String, Sendable, CaseIterable {
    case markdown, chordPro, openLyrics

    public static func of(path: String) -> SongFormat? {
        let name = path.split(separator: "/").last ?? Substring(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...].lowercased()
        if SiteLoader.markdownExtensions.contains(ext) { return .markdown }
        switch ext {
        case "cho", "chordpro", "chopro", "crd", "pro": return .chordPro
        case "xml": return .openLyrics
        default: return nil
        }
    }
}

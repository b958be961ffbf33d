import Foundation
import LecternModel

/// Everything a build reads from the site folder, before any of it is parsed.
public struct LoadedSite: Sendable {
    /// Absolute path of the site root.
    public var root: String
    public var siteYAML: SourceFile?
    public var songs: [SourceFile] = []
    public var services: [SourceFile] = []
    public var shootLists: [SourceFile] = []
    /// `Content/strings/<locale>.yaml`, by locale.
    public var stringOverrides: [String: SourceFile] = [:]
    /// Files under `Content/media/`, as paths relative to `Content/` (`media/cover.jpg`).
    public var media: [String] = []
}

/// Stage 1 of the pipeline: find and read the site's inputs.
public enum SiteLoader {
    /// Song source formats by extension. Markdown is parsed today; the others are recognised so
    /// that a ChordPro or OpenLyrics file is reported rather than silently ignored.
    public static let markdownExtensions: Set<String> = ["md", "markdown"]
    public static let otherSongExtensions: Set<String> = ["cho", "chordpro", "chopro", "crd", "pro", "xml"]

    public static func load(root: String, diagnostics: inout Diagnostics) -> LoadedSite {
        let rootPath = URL(fileURLWithPath: root).standardizedFileURL.path
        var site = LoadedSite(root: rootPath)
        let content = rootPath + "/Content"

        func read(_ relativeToContent: String) -> SourceFile? {
            let path = "Content/" + relativeToContent
            guard let bytes = try? FileSystem.readBytes(rootPath + "/" + path) else {
                diagnostics.error(SourceLocation(path: path), "cannot read file")
                return nil
            }
            return SourceFile(path: path, text: TextDecoding.decode(bytes, path: path, diagnostics: &diagnostics))
        }

        if FileSystem.isFile(content + "/site.yaml") {
            site.siteYAML = read("site.yaml")
        }
        for rel in FileSystem.filesBelow(content + "/songs") {
            let ext = rel.split(separator: ".").last.map { $0.lowercased() } ?? ""
            if markdownExtensions.contains(ext) {
                if let f = read("songs/" + rel) { site.songs.append(f) }
            } else if otherSongExtensions.contains(ext) {
                diagnostics.warning(SourceLocation(path: "Content/songs/" + rel),
                                    "\(ext) songs are not read yet; this file was skipped")
            }
        }
        for rel in FileSystem.filesBelow(content + "/services") where isMarkdown(rel) {
            if let f = read("services/" + rel) { site.services.append(f) }
        }
        for rel in FileSystem.filesBelow(content + "/shootlists") where isMarkdown(rel) {
            if let f = read("shootlists/" + rel) { site.shootLists.append(f) }
        }
        for rel in FileSystem.filesBelow(content + "/strings") where rel.hasSuffix(".yaml") && !rel.contains("/") {
            if let f = read("strings/" + rel) { site.stringOverrides[String(rel.dropLast(5))] = f }
        }
        site.media = FileSystem.filesBelow(content + "/media").map { "media/" + $0 }
        return site
    }

    private static func isMarkdown(_ rel: String) -> Bool {
        markdownExtensions.contains(rel.split(separator: ".").last.map { $0.lowercased() } ?? "")
    }
}

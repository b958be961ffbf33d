import Foundation
import LecternModel

/// The site folder before anything is parsed: `site.yaml` and the string tables read, and the
/// songs, services and shoot lists found but not read — the parse stage reads only those its
/// cache cannot vouch for.
public struct LoadedSite: Sendable {
    /// Absolute path of the site root.
    public var root: String
    public var siteYAML: SourceFile?
    /// Paths relative to the site root (`Content/songs/x.md`), sorted.
    public var songs: [String] = []
    public var services: [String] = []
    public var shootLists: [String] = []
    /// `Content/strings/<locale>.yaml`, by locale.
    public var stringOverrides: [String: SourceFile] = [:]
    /// Files under `Content/media/`, as paths relative to `Content/` (`media/cover.jpg`).
    public var media: [String] = []
}

/// Stage 1 of the pipeline: find and read the site's inputs.
public enum SiteLoader {
    /// Services and shoot lists are Markdown; songs may also be ChordPro or OpenLyrics (`SongFormat`).
    public static let markdownExtensions: Set<String> = ["md", "markdown"]

    /// `contentFiles`: the files under `Content/` as `FileSystem.filesBelow` lists them, when the
    /// build already listed them for their stamps (the folder is walked once per build).
    public static func load(root: String, contentFiles: [String]? = nil, diagnostics: inout Diagnostics) -> LoadedSite {
        let rootPath = URL(fileURLWithPath: root).standardizedFileURL.path
        var site = LoadedSite(root: rootPath)
        let content = rootPath + "/Content"
        let files = contentFiles ?? FileSystem.filesBelow(content)
        func below(_ folder: String) -> [String] {
            files.filter { $0.hasPrefix(folder + "/") }.map { String($0.dropFirst(folder.count + 1)) }
        }

        func read(_ relativeToContent: String) -> SourceFile? {
            Self.read("Content/" + relativeToContent, root: rootPath, diagnostics: &diagnostics)
        }

        if FileSystem.isFile(content + "/site.yaml") {
            site.siteYAML = read("site.yaml")
        }
        for rel in below("songs") where SongFormat.of(path: rel) != nil {
            site.songs.append("Content/songs/" + rel)
        }
        for rel in below("services") where isMarkdown(rel) {
            site.services.append("Content/services/" + rel)
        }
        for rel in below("shootlists") where isMarkdown(rel) {
            site.shootLists.append("Content/shootlists/" + rel)
        }
        for rel in below("strings") where rel.hasSuffix(".yaml") && !rel.contains("/") {
            if let f = read("strings/" + rel) { site.stringOverrides[String(rel.dropLast(5))] = f }
        }
        site.media = below("media").map { "media/" + $0 }
        return site
    }

    /// Reads and decodes one file; `path` is relative to the site root.
    public static func read(_ path: String, root: String, diagnostics: inout Diagnostics) -> SourceFile? {
        readBytes(path, root: root, diagnostics: &diagnostics).map { SourceFile(decoding: $0, path: path, diagnostics: &diagnostics) }
    }

    /// One file's bytes, or an error at the file (the parse cache hashes them before decoding).
    public static func readBytes(_ path: String, root: String, diagnostics: inout Diagnostics) -> [UInt8]? {
        guard let bytes = try? FileBytes.contents(of: root + "/" + path) else {
            diagnostics.error(SourceLocation(path: path), "cannot read file")
            return nil
        }
        return bytes
    }

    /// A Markdown file, by its extension (`.md`, `.markdown`).
    public static func isMarkdown(_ rel: String) -> Bool {
        fileExtension(of: rel).map(markdownExtensions.contains) ?? false
    }
}

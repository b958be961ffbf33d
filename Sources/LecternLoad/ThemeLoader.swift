import Foundation
import LecternModel

/// A theme's files after layering the site's own `Themes/<name>/` over the one shipped with
/// Lectern, file by file.
public struct ThemeFiles: Sendable {
    public var name: String
    /// Template name (path under `templates/` without `.mustache`) → its text.
    public var templates: [String: SourceFile] = [:]
    /// Path under `assets/` → absolute path of the file to copy.
    public var assets: [String: String] = [:]
    /// Locale → the theme's string table.
    public var strings: [String: SourceFile] = [:]
}

public enum ThemeLoader {
    /// Where the themes that ship with Lectern live: `$LECTERN_THEMES`, an installed
    /// `share/lectern/Themes` beside the binary, or the `Themes/` folder of the source checkout.
    public static func shippedThemesDirectory(environment: [String: String]) -> String {
        if let env = environment["LECTERN_THEMES"], !env.isEmpty { return env }
        let exe = URL(fileURLWithPath: FileSystem.executablePath)
        let installed = exe.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/lectern/Themes").path
        if FileSystem.isDirectory(installed) { return installed }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Themes").path
    }

    public static func load(name: String, siteRoot: String, shippedDirectory: String,
                            configLocation: SourceLocation, diagnostics: inout Diagnostics) -> ThemeFiles? {
        let siteTheme = siteRoot + "/Themes/" + name
        let shippedTheme = shippedDirectory + "/" + name
        // The site's files first, so they win over the shipped ones of the same path.
        let layers = [siteTheme, shippedTheme].filter(FileSystem.isDirectory)
        guard !layers.isEmpty else {
            diagnostics.error(configLocation, "theme '\(name)' not found: no Themes/\(name)/ in the site and none shipped with lectern")
            return nil
        }
        var theme = ThemeFiles(name: name)
        for layer in layers.reversed() {
            for rel in FileSystem.filesBelow(layer + "/templates") where rel.hasSuffix(".mustache") {
                let path = display(layer + "/templates/" + rel, siteRoot: siteRoot)
                if let bytes = try? FileBytes.contents(of: layer + "/templates/" + rel) {
                    theme.templates[String(rel.dropLast(".mustache".count))] = SourceFile(decoding: bytes, path: path, diagnostics: &diagnostics)
                }
            }
            for rel in FileSystem.filesBelow(layer + "/assets") {
                theme.assets[rel] = layer + "/assets/" + rel
            }
            for rel in FileSystem.filesBelow(layer + "/strings") where rel.hasSuffix(".yaml") && !rel.contains("/") {
                let path = display(layer + "/strings/" + rel, siteRoot: siteRoot)
                if let bytes = try? FileBytes.contents(of: layer + "/strings/" + rel) {
                    theme.strings[String(rel.dropLast(5))] = SourceFile(decoding: bytes, path: path, diagnostics: &diagnostics)
                }
            }
        }
        return theme
    }

    /// Paths inside the site are shown relative to it, like every other diagnostic path.
    private static func display(_ absolute: String, siteRoot: String) -> String {
        FileSystem.relative(absolute, to: siteRoot) ?? absolute
    }
}

import Foundation
import LecternLoad
import LecternLocale
import LecternModel
import Mustache

/// A theme's templates parsed once, ready to render any page.
public struct CompiledTheme: Sendable {
    let library: MustacheLibrary
    public let files: ThemeFiles

    /// Parses every template and checks that every `{{t.key}}` they use exists in the default
    /// locale's strings: swift-mustache renders a missing value as nothing, silently.
    public static func compile(_ files: ThemeFiles, strings: LocalizedStrings, diagnostics: inout Diagnostics) -> CompiledTheme? {
        var library = MustacheLibrary()
        var ok = true
        for name in files.templates.keys.sorted() {
            let file = files.templates[name]!
            do {
                library.register(try MustacheTemplate(string: file.text), named: name)
            } catch {
                diagnostics.error(file.location(), "template does not parse: \(error)")
                ok = false
            }
            for (key, line) in stringKeys(in: file.text) where !strings.has(key) {
                diagnostics.error(file.location(line: line), "string '\(key)' is missing from every string table")
                ok = false
            }
        }
        // swift-mustache renders a missing template or partial as nothing, silently.
        for name in PagePlanner.templatesUsed where files.templates[name] == nil {
            diagnostics.error(SourceLocation(path: "Themes/\(files.name)/templates/\(name).mustache"),
                              "theme '\(files.name)' has no template '\(name)'")
            ok = false
        }
        for name in files.templates.keys.sorted() {
            let file = files.templates[name]!
            for (partial, line) in partials(in: file.text) where files.templates[partial] == nil {
                diagnostics.error(file.location(line: line), "template '\(partial)' does not exist in theme '\(files.name)'")
                ok = false
            }
        }
        return ok ? CompiledTheme(library: library, files: files) : nil
    }

    /// The `{{> name}}` partials and `{{< name}}` parents a template refers to, with their lines.
    static func partials(in text: String) -> [(String, Int)] {
        var found: [(String, Int)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            while let open = rest.range(of: "{{") {
                rest = rest[open.upperBound...]
                guard let sigil = rest.first, sigil == ">" || sigil == "<" else { continue }
                let name = rest.dropFirst().drop { $0 == " " }.prefix { $0 != "}" && $0 != " " }
                if !name.isEmpty { found.append((String(name), index + 1)) }
            }
        }
        return found
    }

    /// The `t.some.key` names a template refers to, with their lines.
    static func stringKeys(in text: String) -> [(String, Int)] {
        var found: [(String, Int)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            while let open = rest.range(of: "{{") {
                rest = rest[open.upperBound...]
                var tag = rest.drop { "{#^/&> ".contains($0) }
                guard tag.hasPrefix("t.") else { continue }
                tag = tag.dropFirst(2)
                let key = tag.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" }
                if !key.isEmpty { found.append((String(key), index + 1)) }
            }
        }
        return found
    }

    public func has(_ template: String) -> Bool { library.getTemplate(named: template) != nil }

    public func render(_ template: String, _ context: [String: Any]) -> String {
        library.render(context, withTemplate: template) ?? ""
    }
}

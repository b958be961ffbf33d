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
        tags(in: text).compactMap { tag, line in
            guard let sigil = tag.first, sigil == ">" || sigil == "<" else { return nil }
            let name = tag.dropFirst().drop { $0 == " " }.prefix { $0 != "}" && $0 != " " }
            return name.isEmpty ? nil : (String(name), line)
        }
    }

    /// The `t.some.key` names a template refers to, with their lines.
    static func stringKeys(in text: String) -> [(String, Int)] {
        tags(in: text).compactMap { tag, line in
            let body = tag.drop { "{#^/&> ".contains($0) }
            guard body.hasPrefix("t.") else { return nil }
            let key = body.dropFirst(2).prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" }
            return key.isEmpty ? nil : (String(key), line)
        }
    }

    /// What follows each `{{` in a template, with its line number.
    private static func tags(in text: String) -> [(Substring, Int)] {
        var found: [(Substring, Int)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            while let open = rest.range(of: "{{") {
                rest = rest[open.upperBound...]
                found.append((rest, index + 1))
            }
        }
        return found
    }

    public func render(_ template: String, _ context: [String: Any]) -> String {
        library.render(context, withTemplate: template) ?? ""
    }
}

import Foundation
import LecternLoad
import LecternLocale
import LecternModel
import LecternTemplate

/// A theme's templates parsed once, ready to render any page.
public struct CompiledTheme: Sendable {
    let library: TemplateLibrary
    public let files: ThemeFiles

    /// Parses every template and checks what would otherwise render as nothing, silently: every
    /// `{{t.key}}` must exist in the default locale's strings, and every partial and parent must
    /// exist in the theme.
    public static func compile(_ files: ThemeFiles, strings: LocalizedStrings, diagnostics: inout Diagnostics) -> CompiledTheme? {
        var library = TemplateLibrary()
        var ok = true
        for name in files.templates.keys.sorted() {
            let file = files.templates[name]!
            do {
                library.register(try Template(file.text), named: name)
            } catch {
                diagnostics.error(file.location(line: error.line, column: error.column), error.message)
                ok = false
            }
        }
        for name in PagePlanner.templatesUsed where files.templates[name] == nil {
            diagnostics.error(SourceLocation(path: "Themes/\(files.name)/templates/\(name).mustache"),
                              "theme '\(files.name)' has no template '\(name)'")
            ok = false
        }
        for name in library.templates.keys.sorted() {
            let file = files.templates[name]!
            for tag in library.templates[name]!.tags {
                let isReference = tag.kind == .partial || tag.kind == .parent
                let isValue = [.variable, .unescaped, .section, .inverted].contains(tag.kind)
                if isReference, files.templates[tag.name] == nil {
                    diagnostics.error(file.location(line: tag.line, column: tag.column),
                                      "template '\(tag.name)' does not exist in theme '\(files.name)'")
                    ok = false
                } else if isValue, tag.name.hasPrefix("t."), !strings.has(String(tag.name.dropFirst(2))) {
                    diagnostics.error(file.location(line: tag.line, column: tag.column),
                                      "string '\(tag.name.dropFirst(2))' is missing from every string table")
                    ok = false
                }
            }
        }
        return ok ? CompiledTheme(library: library, files: files) : nil
    }

    /// `name` and every partial and parent it uses, directly or through another, sorted: what a
    /// page rendered with `name` depends on in the theme.
    public func templatesUsed(by name: String) -> [String] {
        var found: Set<String> = [name]
        var queue = [name]
        while let next = queue.popLast() {
            for tag in library.templates[next]?.tags ?? [] where tag.kind == .partial || tag.kind == .parent {
                if found.insert(tag.name).inserted { queue.append(tag.name) }
            }
        }
        return found.sorted()
    }

    public func render(_ template: String, _ data: TemplateFields) -> [UInt8] {
        library.render(template, .object(data))
    }
}

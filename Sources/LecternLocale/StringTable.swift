import LecternLoad
import LecternModel
import Yams

/// One entry of a string table: plain text, or CLDR plural forms (`other` required).
public enum StringValue: Hashable, Sendable {
    case text(String)
    case plural([PluralCategory: String])
}

/// A parsed `strings/<locale>.yaml`: flat dotted keys, as in `service.todays_service: ...`.
public struct StringTable: Sendable {
    public var file: SourceFile
    public var entries: [String: StringValue]
    public var locations: [String: SourceLocation]

    public static func parse(_ file: SourceFile, diagnostics: inout Diagnostics) -> StringTable {
        var table = StringTable(file: file, entries: [:], locations: [:])
        let node: Node?
        do {
            node = try Yams.compose(yaml: file.text)
        } catch {
            diagnostics.error(file.location(), "invalid string table: \(error)")
            return table
        }
        guard let node else { return table }
        guard case .mapping(let mapping) = node else {
            diagnostics.error(file.location(), "a string table is a mapping of `key: text` lines")
            return table
        }
        func at(_ n: Node) -> SourceLocation { file.location(line: n.mark?.line ?? 1, column: n.mark?.column ?? 1) }
        for (keyNode, value) in mapping {
            guard let key = keyNode.string else { continue }
            table.locations[key] = at(keyNode)
            switch value {
            case .scalar(let s):
                table.entries[key] = .text(s.string)
            case .mapping(let forms):
                var plural: [PluralCategory: String] = [:]
                for (formKey, formValue) in forms {
                    guard let name = formKey.string, let category = PluralCategory(rawValue: name) else {
                        diagnostics.error(at(formKey), "'\(formKey.string ?? "")' is not a plural category (zero, one, two, few, many, other)")
                        continue
                    }
                    plural[category] = formValue.string ?? ""
                }
                if plural[.other] == nil {
                    diagnostics.error(at(keyNode), "plural '\(key)' needs an `other:` form")
                    plural[.other] = plural.values.first ?? ""
                }
                table.entries[key] = .plural(plural)
            default:
                diagnostics.error(at(value), "'\(key)' must be text or plural forms")
            }
        }
        return table
    }
}

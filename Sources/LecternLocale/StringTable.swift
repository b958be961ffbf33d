import LecternLoad
import LecternModel
import LecternParse
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
        // Read like front matter: text as written, every key with its line, errors on one line.
        guard let fields = YAMLFields.parse(file.text, file: file, firstLine: 1, diagnostics: &diagnostics) else { return table }
        for (key, keyNode, value) in fields.entries {
            table.locations[key] = fields.location(of: keyNode)
            switch value {
            case .scalar(let s):
                table.entries[key] = .text(s.string)
            case .mapping:
                var plural: [PluralCategory: String] = [:]
                for (form, formNode, formValue) in fields.nested(value)?.entries ?? [] {
                    guard let category = PluralCategory(rawValue: form) else {
                        diagnostics.error(fields.location(of: formNode), "'\(form)' is not a plural category (zero, one, two, few, many, other)")
                        continue
                    }
                    plural[category] = formValue.string ?? ""
                }
                if plural[.other] == nil {
                    diagnostics.error(fields.location(of: keyNode), "plural '\(key)' needs an `other:` form")
                    plural[.other] = PluralCategory.allCases.lazy.compactMap { plural[$0] }.first ?? ""
                }
                table.entries[key] = .plural(plural)
            default:
                diagnostics.error(fields.location(of: value), "'\(key)' must be text or plural forms")
            }
        }
        return table
    }
}

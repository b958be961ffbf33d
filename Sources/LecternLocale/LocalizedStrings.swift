import Foundation
import LecternLoad
import LecternModel
import LecternTemplate

/// The strings of one UI locale: the theme's table, overridden key by key by the site's,
/// falling back to the default locale's for keys this locale lacks.
public struct LocalizedStrings: Sendable {
    public var locale: String
    public var entries: [String: StringValue]
    /// Keys taken from the default locale because this one lacks them.
    public var fallbacks: [String]
    /// Made once: building a Locale per number showed up on the render path.
    let numberStyle: IntegerFormatStyle<Int>
    /// The locale writes 0…9 as ASCII digits, so a number below 1,000 (never grouped) is its
    /// plain decimal text: track numbers and usage counts, 20,000 of them on a library's
    /// pages, are then not each formatted through ICU.
    let latinDigits: Bool

    init(locale: String, entries: [String: StringValue], fallbacks: [String], numberStyle: IntegerFormatStyle<Int>) {
        self.locale = locale
        self.entries = entries
        self.fallbacks = fallbacks
        self.numberStyle = numberStyle
        // Asked of the locale's numbering system, not by formatting 0…9: the first formatter
        // costs ICU 11 ms more to make, on the build's main line, and a one-song rebuild may
        // never format a number that needs it.
        latinDigits = Locale(identifier: locale).numberingSystem.identifier == "latn"
    }

    /// Builds every locale's strings. `theme` and `site` map locale → table.
    public static func build(locales: [String], defaultLocale: String, theme: [String: StringTable],
                             site: [String: StringTable], diagnostics: inout Diagnostics) -> [String: LocalizedStrings] {
        func own(_ locale: String) -> [String: StringValue] {
            var merged = theme[locale]?.entries ?? [:]
            for (k, v) in site[locale]?.entries ?? [:] { merged[k] = v }
            return merged
        }
        let base = own(defaultLocale)
        var result: [String: LocalizedStrings] = [:]
        for locale in locales {
            var entries = own(locale)
            var missing: [String] = []
            if locale != defaultLocale {
                for key in base.keys.sorted() where entries[key] == nil {
                    entries[key] = base[key]
                    missing.append(key)
                }
                if !missing.isEmpty {
                    let file = site[locale]?.file ?? theme[locale]?.file
                    let where_ = file?.location() ?? SourceLocation(path: "Content/strings/\(locale).yaml")
                    for key in missing {
                        diagnostics.warning(where_, "missing translation for '\(key)' in \(locale); using \(defaultLocale)")
                    }
                }
            }
            result[locale] = LocalizedStrings(locale: locale, entries: entries, fallbacks: missing,
                                              numberStyle: IntegerFormatStyle<Int>(locale: Locale(identifier: locale)))
        }
        return result
    }

    public func has(_ key: String) -> Bool { entries[key] != nil }

    /// A whole number in this locale's digits and grouping ("1,234"; "١٬٢٣٤" in Arabic).
    public func formatted(_ n: Int) -> String {
        latinDigits && (0..<1000).contains(n) ? String(n) : n.formatted(numberStyle)
    }


    /// The text for `key`, with `{name}` placeholders filled in.
    public func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
        switch entries[key] {
        case .text(let s): return Self.fill(s, arguments)
        case .plural(let forms): return Self.fill(forms[.other] ?? "", arguments)
        case nil: return key
        }
    }

    /// The plural form for `count` by this locale's CLDR rules, `{count}` filled in.
    public func plural(_ key: String, count: Int, _ arguments: [String: String] = [:]) -> String {
        var args = arguments
        args["count"] = formatted(count)
        switch entries[key] {
        case .plural(let forms):
            let category = PluralRules.category(for: count, locale: locale)
            // The locale's own CLDR category first; failing that, an explicit "zero"/"one"/"two"
            // form for exactly that number; then "other".
            let exact: PluralCategory? = count == 0 ? .zero : count == 1 ? .one : count == 2 ? .two : nil
            let form = forms[category] ?? exact.flatMap { forms[$0] } ?? forms[.other] ?? ""
            return Self.fill(form, args)
        case .text(let s): return Self.fill(s, args)
        case nil: return key
        }
    }

    /// Nested objects for templates: `service.todays_service` → `t.service.todays_service`.
    /// Plural entries appear under their `other` form.
    public var templateTree: TemplateValue {
        var root: TemplateFields = [:]
        for key in entries.keys.sorted() {
            let parts = key.split(separator: ".").map(String.init)
            insert(&root, parts[...], text(key))
        }
        return .object(root)
    }

    private func insert(_ object: inout TemplateFields, _ path: ArraySlice<String>, _ value: String) {
        guard let head = path.first else { return }
        if path.count == 1 {
            if object[head] == nil { object[head] = .text(value) }
            return
        }
        var child: TemplateFields = [:]
        if case .object(let existing)? = object[head] { child = existing }
        insert(&child, path.dropFirst(), value)
        object[head] = .object(child)
    }

    /// Replaces each `{name}` in one left-to-right pass, so a value that itself contains braces
    /// (a song title) is never expanded again, whatever order the arguments come in.
    static func fill(_ template: String, _ arguments: [String: String]) -> String {
        // Searched as UTF-8 bytes: `{` and `}` are ASCII, and a string table's Hebrew or Arabic
        // text would otherwise be split into grapheme clusters on every page that says it.
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        guard template.containsByte(open) else { return template }
        var out = ""
        var rest = template[...]
        while let start = rest.utf8.firstIndex(of: open) {
            out += rest[..<start]
            let nameStart = rest.utf8.index(after: start)
            guard let end = rest.utf8[nameStart...].firstIndex(of: close),
                  let value = arguments[String(rest[nameStart..<end])] else {
                out.append("{")
                rest = rest[nameStart...]
                continue
            }
            out += value
            rest = rest[rest.utf8.index(after: end)...]
        }
        return out + rest
    }
}

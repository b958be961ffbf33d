import LecternModel
import LecternTemplate

/// Small HTML helpers for the inline markup that comes from content (lyrics with emphasis).
/// Page structure itself lives in the theme's templates.
enum HTML {
    static func escape(_ text: String) -> String { HTMLEscaping.escape(text) }

    /// Styled runs as inline HTML: `<em>`, `<strong>`, `<code>` around escaped text.
    static func inline(_ runs: [StyledText]) -> String {
        // Most segments are one run of plain text: no array of pieces to join.
        if runs.count == 1, runs[0].styles.isEmpty { return escape(runs[0].text) }
        return runs.map { run in
            if run.styles.isEmpty { return escape(run.text) }
            var html = escape(run.text)
            for style in run.styles.sorted().reversed() {
                switch style {
                case .emphasis: html = "<em>\(html)</em>"
                case .strong: html = "<strong>\(html)</strong>"
                case .code: html = "<code>\(html)</code>"
                }
            }
            return html
        }.joined()
    }
}

/// Which way a language is written.
public enum TextDirection {
    /// Languages written right to left (BCP 47 primary subtags).
    static let rtlLanguages: Set<String> = ["he", "iw", "ar", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "ckb", "syr", "arc", "nqo"]

    /// Scripts (ISO 15924) written right to left; a script subtag wins over the language, so
    /// `he-Latn` (Hebrew in Latin letters, a transliteration) is left to right.
    static let rtlScripts: Set<String> = ["arab", "hebr", "syrc", "thaa", "nkoo", "adlm", "rohg", "samr", "mand"]

    public static func isRTL(_ language: String) -> Bool {
        let subtags = language.split(separator: "-").map { $0.lowercased() }
        if let script = subtags.dropFirst().first(where: { $0.count == 4 && $0.allSatisfy(\.isLetter) }) {
            return rtlScripts.contains(script)
        }
        return rtlLanguages.contains(subtags.first ?? "")
    }

    public static func dir(_ language: String) -> String { isRTL(language) ? "rtl" : "ltr" }

    /// The `dir` of content written in `language` (a song's `language:`): its direction, or
    /// `auto` — from the text itself — when the content does not say.
    static func dir(ofContentIn language: String) -> String { language.isEmpty ? "auto" : dir(language) }
}

/// `context` for text only, without boxing each value as `any TemplateValueConvertible`: for
/// the data made once per song on the library's pages (10,000 songs, each page, each locale).
func textContext(_ pairs: KeyValuePairs<String, String?>) -> TemplateFields {
    var out: TemplateFields = [:]
    out.reserveCapacity(pairs.count)
    for (key, text) in pairs { out.put(key, text) }
    return out
}

extension TemplateFields {
    /// One field by `context`'s rules (no empty values; a non-empty list `x` also sets
    /// `has_x`), without boxing the value as `any TemplateValueConvertible`: for the data made
    /// for every page (40,000 of them) or every slide, where boxing and unboxing each value
    /// was a few percent of a cold build.
    mutating func put(_ key: String, _ value: TemplateValue?) {
        switch value {
        case nil: return
        case .text(let text)? where text.isEmpty: return
        case .list(let items)? where items.isEmpty: return
        case .list?:
            self[key] = value
            self["has_" + key] = true
        case let value?: self[key] = value
        }
    }

    mutating func put(_ key: String, _ text: String?) {
        if let text, !text.isEmpty { self[key] = .text(text) }
    }

    /// `true` (or `false`) as given; nil leaves the field out.
    mutating func put(_ key: String, _ flag: Bool?) {
        if let flag { self[key] = .bool(flag) }
    }
}

/// Builds template data without empty values, so `{{#x}}…{{/x}}` reliably means "x has
/// something". Each non-empty list `x` also gets `has_x: true`, so a template can wrap a list in
/// a heading or `<ul>` once.
func context(_ pairs: KeyValuePairs<String, (any TemplateValueConvertible)?>) -> TemplateFields {
    var out: TemplateFields = [:]
    out.reserveCapacity(pairs.count)
    for (key, value) in pairs { out.put(key, value?.templateValue) }
    return out
}

import LecternModel
import LecternTemplate

/// Small HTML helpers for the inline markup that comes from content (lyrics with emphasis).
/// Page structure itself lives in the theme's templates.
enum HTML {
    static func escape(_ text: String) -> String { HTMLEscaping.escape(text) }

    /// Styled runs as inline HTML: `<em>`, `<strong>`, `<code>` around escaped text.
    static func inline(_ runs: [StyledText]) -> String {
        runs.map { run in
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
    for case let (key, text?) in pairs where !text.isEmpty { out[key] = .text(text) }
    return out
}

/// Builds template data without empty values, so `{{#x}}…{{/x}}` reliably means "x has
/// something". Each non-empty list `x` also gets `has_x: true`, so a template can wrap a list in
/// a heading or `<ul>` once.
func context(_ pairs: KeyValuePairs<String, (any TemplateValueConvertible)?>) -> TemplateFields {
    var out: TemplateFields = [:]
    out.reserveCapacity(pairs.count)
    for (key, value) in pairs {
        guard let value = value?.templateValue else { continue }
        switch value {
        case .text(let text) where text.isEmpty: continue
        case .list(let items) where items.isEmpty: continue
        case .list:
            out[key] = value
            out["has_" + key] = true
        default: out[key] = value
        }
    }
    return out
}

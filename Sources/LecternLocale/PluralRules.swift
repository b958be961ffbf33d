/// CLDR plural categories for whole numbers (https://cldr.unicode.org, "Language Plural Rules").
/// Lectern only counts things (hymns, items, songs), so the integer rules suffice.
public enum PluralCategory: String, CaseIterable, Sendable {
    case zero, one, two, few, many, other
}

public enum PluralRules {
    public static func category(for n: Int, locale: String) -> PluralCategory {
        let language = locale.split(separator: "-").first.map { $0.lowercased() } ?? locale
        let i = abs(n)
        switch language {
        case "ja", "zh", "ko", "th", "vi", "id", "ms", "lo", "my", "km":
            return .other
        case "fa", "hi", "bn", "gu", "kn", "mr", "zu", "am", "as":
            return i == 0 || i == 1 ? .one : .other
        case "fr", "pt":
            if i == 0 || i == 1 { return .one }
            return i % 1_000_000 == 0 ? .many : .other
        case "es", "it", "ca":
            if i == 1 { return .one }
            return i != 0 && i % 1_000_000 == 0 ? .many : .other
        case "ro", "mo":
            if i == 1 { return .one }
            return i == 0 || (1...19).contains(i % 100) ? .few : .other
        case "lt":
            let m10 = i % 10, m100 = i % 100
            if m10 == 1 && !(11...19).contains(m100) { return .one }
            if (2...9).contains(m10) && !(11...19).contains(m100) { return .few }
            return .other
        case "lv":
            let m10 = i % 10, m100 = i % 100
            if m10 == 0 || (11...19).contains(m100) { return .zero }
            return m10 == 1 && m100 != 11 ? .one : .other
        case "he", "iw":
            // CLDR 42+: one (1), two (2), other. (The old "many" for 20, 30... was dropped.)
            if i == 1 { return .one }
            if i == 2 { return .two }
            return .other
        case "ar":
            let m = i % 100
            if i == 0 { return .zero }
            if i == 1 { return .one }
            if i == 2 { return .two }
            if (3...10).contains(m) { return .few }
            if (11...99).contains(m) { return .many }
            return .other
        case "ru", "uk", "be":
            let m10 = i % 10, m100 = i % 100
            if m10 == 1 && m100 != 11 { return .one }
            if (2...4).contains(m10) && !(12...14).contains(m100) { return .few }
            return .many
        case "pl":
            let m10 = i % 10, m100 = i % 100
            if i == 1 { return .one }
            if (2...4).contains(m10) && !(12...14).contains(m100) { return .few }
            return .many
        case "cs", "sk":
            if i == 1 { return .one }
            if (2...4).contains(i) { return .few }
            return .other
        default:
            return i == 1 ? .one : .other
        }
    }
}

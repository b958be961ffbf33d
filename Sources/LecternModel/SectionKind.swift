/// The kinds of song section every format knows, by the letter their ids start with
/// (`v1`, `c`, `c2`, `p`, `b`, `i`, `e`, `t`).
public enum SectionKind: String, CaseIterable, Sendable {
    case verse = "v", chorus = "c", preChorus = "p", bridge = "b", intro = "i", ending = "e", tag = "t"

    /// The string-table key holding this kind's name in each locale.
    public var stringKey: String {
        switch self {
        case .verse: return "section.verse"
        case .chorus: return "section.chorus"
        case .preChorus: return "section.pre_chorus"
        case .bridge: return "section.bridge"
        case .intro: return "section.intro"
        case .ending: return "section.ending"
        case .tag: return "section.tag"
        }
    }

    /// The id of the `number`th section of this kind: `v2`, `c` (the first chorus), `c2`.
    public func id(number: Int) -> String {
        self == .verse ? "v\(number)" : rawValue + (number > 1 ? String(number) : "")
    }

    /// `v2` → (.verse, 2); `c` → (.chorus, nil); `refrain` → nil. For naming a section that its
    /// file gave no label (`{start_of_chorus}`, `<verse name="v2">`) in the page's language.
    public static func of(id: String) -> (SectionKind, Int?)? {
        guard let first = id.first, let kind = SectionKind(rawValue: String(first)) else { return nil }
        let rest = id.dropFirst()
        if rest.isEmpty { return (kind, nil) }
        guard rest.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(rest) else { return nil }
        return (kind, n)
    }
}

import LecternModel

/// The section names a `##` heading is recognised by: English always (the contract names them),
/// plus every locale's `section.*` strings, so `## פזמון` is a chorus in any site.
public struct SectionNames: Sendable {
    public typealias Kind = SectionKind

    /// Lower-cased name → kind.
    private var names: [String: Kind]

    public init(localized: [(Kind, String)] = []) {
        names = [
            "verse": .verse, "chorus": .chorus, "pre-chorus": .preChorus, "prechorus": .preChorus,
            "pre chorus": .preChorus, "bridge": .bridge, "intro": .intro, "ending": .ending,
            "outro": .ending, "tag": .tag,
        ]
        for (kind, name) in localized where !name.isEmpty {
            names[name.lowercased()] = kind
        }
    }

    /// Every name and its kind, sorted: part of the parse cache's key, since a song parsed with
    /// other names could have other sections.
    public var fingerprintText: String {
        names.sorted { $0.key < $1.key }.map { $0.key + "=" + $0.value.rawValue }.joined(separator: "\n")
    }

    /// `Verse 2` → (.verse, 2); `Chorus` → (.chorus, nil); unknown → nil.
    public func recognise(_ heading: String) -> (Kind, Int?)? {
        let text = heading.trimmingWhitespace().lowercased()
        if let kind = names[text] { return (kind, nil) }
        // A trailing number, with or without a space: "Verse 2", "Verse2".
        let digits = text.reversed().prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let n = Int(String(digits.reversed())) else { return nil }
        let name = String(text.dropLast(digits.count)).trimmingWhitespace()
        guard let kind = names[name] else { return nil }
        return (kind, n)
    }
}

import Foundation

/// Titles in the order a locale's readers expect: Foundation's locale-aware comparison (ICU
/// collation), ignoring case; equal titles fall back to their ids, so the order never rests on
/// sort stability.
///
/// Each Foundation comparison bridges both strings to `NSString`, and sorting a 10,000-song
/// library makes 130,000 of them (most of a title edit's rebuild). So titles made only of ASCII
/// letters, digits and spaces — most titles in most libraries — are compared by their lowercased
/// bytes, which is exactly the collation order for them in locales whose collation does not
/// tailor the Latin letters (space < digits < letters, each in ASCII order). `TitleCollationTests`
/// checks that agreement against Foundation for every locale listed here.
public struct TitleCollation: Sendable {
    /// Locales whose CLDR collation leaves ASCII letters and digits in root order. Not here,
    /// for example: Danish and Norwegian ("aa" after "z"), Lithuanian, Estonian, Czech, Slovak,
    /// Hungarian, Croatian, Polish, Swedish, Finnish, Turkish, Welsh, whose tailorings reorder or
    /// join Latin letters.
    static let asciiInRootOrder: Set<String> = [
        "en", "he", "iw", "yi", "ar", "fa", "ur", "fr", "de", "es", "it", "pt", "nl", "ru", "uk", "el", "ja", "ko", "zh",
        "id", "sw", "hi", "am", "ti",
    ]

    public let locale: Locale
    private let asciiFastPath: Bool

    public init(locale: String) {
        self.locale = Locale(identifier: locale)
        let language = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        asciiFastPath = Self.asciiInRootOrder.contains(language)
    }

    /// `items` sorted by title, then id.
    public func sorted<T>(_ items: [T], title: (T) -> String, id: (T) -> String) -> [T] {
        let keys = items.map { SortKey(title: title($0), id: id($0), fastPath: asciiFastPath) }
        let order = keys.indices.sorted { precedes(keys[$0], keys[$1]) }
        return order.map { items[$0] }
    }

    public func compare(_ a: String, _ b: String) -> ComparisonResult {
        let ka = SortKey(title: a, id: "", fastPath: asciiFastPath), kb = SortKey(title: b, id: "", fastPath: asciiFastPath)
        return compareTitles(ka, kb)
    }

    private func precedes(_ a: SortKey, _ b: SortKey) -> Bool {
        switch compareTitles(a, b) {
        case .orderedAscending: return true
        case .orderedDescending: return false
        case .orderedSame: return a.id < b.id
        }
    }

    private func compareTitles(_ a: SortKey, _ b: SortKey) -> ComparisonResult {
        if let x = a.ascii, let y = b.ascii {
            if x == y { return .orderedSame }
            return x.lexicographicallyPrecedes(y) ? .orderedAscending : .orderedDescending
        }
        return a.title.compare(b.title, options: [.caseInsensitive], range: nil, locale: locale)
    }

    private struct SortKey {
        let title: String
        let id: String
        /// The lowercased bytes of a title of ASCII letters, digits and spaces only.
        let ascii: [UInt8]?

        init(title: String, id: String, fastPath: Bool) {
            self.title = title
            self.id = id
            var bytes: [UInt8] = []
            if fastPath {
                bytes.reserveCapacity(title.utf8.count)
                for byte in title.utf8 {
                    switch byte {
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: " "):
                        bytes.append(byte)
                    case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                        bytes.append(byte + 32)
                    default:
                        ascii = nil
                        return
                    }
                }
            }
            ascii = fastPath ? bytes : nil
        }
    }
}

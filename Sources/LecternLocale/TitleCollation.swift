import Foundation

/// Titles in the order a locale's readers expect: the locale's ICU collation at secondary
/// strength (case ignored, accents not), as Foundation's `compare(_:options: .caseInsensitive,
/// locale:)` orders them; equal titles fall back to their ids, so the order never rests on sort
/// stability.
///
/// Each title becomes an ICU sort key once, and the sort compares keys as bytes. Foundation's
/// comparison bridged both strings to `NSString` and the locale to a `CFLocale` for each of a
/// 10,000-song library's 130,000 comparisons: most of a title edit's rebuild. The collator is
/// the one Foundation itself uses (the toolchain's `_FoundationICU`), so both agree on every
/// order but one: Foundation calls "ß" and "ss" equal, ICU puts "ß" second (`TitleCollationTests`).
/// Where that module is missing (not Linux), titles are compared through Foundation.
public struct TitleCollation: Sendable {
    public let locale: Locale
    private let collator: Collator

    public init(locale: String) {
        self.locale = Locale(identifier: locale)
        collator = Collator(locale: locale)
    }

    /// `items` sorted by title, then id.
    public func sorted<T>(_ items: [T], title: (T) -> String, id: (T) -> String) -> [T] {
        let keys = items.map { SortKey(title: title($0), id: id($0), collator: collator) }
        let order = keys.indices.sorted { precedes(keys[$0], keys[$1]) }
        return order.map { items[$0] }
    }

    public func compare(_ a: String, _ b: String) -> ComparisonResult {
        compareTitles(SortKey(title: a, id: "", collator: collator), SortKey(title: b, id: "", collator: collator))
    }

    private func precedes(_ a: SortKey, _ b: SortKey) -> Bool {
        switch compareTitles(a, b) {
        case .orderedAscending: return true
        case .orderedDescending: return false
        case .orderedSame: return a.id < b.id
        }
    }

    private func compareTitles(_ a: SortKey, _ b: SortKey) -> ComparisonResult {
        if let x = a.key, let y = b.key {
            let order = Self.compareBytes(x, y)
            return order < 0 ? .orderedAscending : order > 0 ? .orderedDescending : .orderedSame
        }
        return a.title.compare(b.title, options: [.caseInsensitive], range: nil, locale: locale)
    }

    /// Unsigned bytes, shorter first on a common prefix, in one pass (`memcmp`): a library's
    /// sort compares keys 130,000 times, and comparing for equality and then for order element
    /// by element took longer than making the keys.
    private static func compareBytes(_ x: [UInt8], _ y: [UInt8]) -> Int {
        x.withUnsafeBufferPointer { a in
            y.withUnsafeBufferPointer { b in
                let common = min(a.count, b.count)
                let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
                return order != 0 ? Int(order) : a.count - b.count
            }
        }
    }

    private struct SortKey {
        let title: String
        let id: String
        /// The title's collation key; nil without ICU (then Foundation compares the titles).
        let key: [UInt8]?

        init(title: String, id: String, collator: Collator) {
            self.title = title
            self.id = id
            key = collator.sortKey(title)
        }
    }
}

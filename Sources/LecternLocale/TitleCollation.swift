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
        order(titles: items.map(title), ids: items.map(id)).map { items[$0] }
    }

    /// The places of `titles` (each with the id at the same place in `ids`) in title order,
    /// then id order. Not generic: a generic sort called from another module moved each item
    /// through its type's value witnesses at every step.
    public func order(titles: [String], ids: [String]) -> [Int] {
        if let keys = collator.sortKeys(titles) {
            // Every key in one buffer, compared in place: keys held one array each were
            // retained and released at every one of a library's 130,000 comparisons.
            return keys.bytes.withUnsafeBufferPointer { bytes in
                keys.ranges.indices.sorted { a, b in
                    let order = Self.compareBytes(UnsafeBufferPointer(rebasing: bytes[keys.ranges[a]]),
                                                  UnsafeBufferPointer(rebasing: bytes[keys.ranges[b]]))
                    return order != 0 ? order < 0 : ids[a] < ids[b]
                }
            }
        }
        return titles.indices.sorted { a, b in
            switch titles[a].compare(titles[b], options: [.caseInsensitive], range: nil, locale: locale) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: return ids[a] < ids[b]
            }
        }
    }

    public func compare(_ a: String, _ b: String) -> ComparisonResult {
        compareTitles(SortKey(title: a, collator: collator), SortKey(title: b, collator: collator))
    }

    private func compareTitles(_ a: SortKey, _ b: SortKey) -> ComparisonResult {
        if let x = a.key, let y = b.key {
            let order = x.withUnsafeBufferPointer { x in y.withUnsafeBufferPointer { y in Self.compareBytes(x, y) } }
            return order < 0 ? .orderedAscending : order > 0 ? .orderedDescending : .orderedSame
        }
        return a.title.compare(b.title, options: [.caseInsensitive], range: nil, locale: locale)
    }

    /// Unsigned bytes, shorter first on a common prefix, in one pass (`memcmp`): a library's
    /// sort compares keys 130,000 times, and comparing for equality and then for order element
    /// by element took longer than making the keys.
    private static func compareBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(a.count, b.count)
        let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
        return order != 0 ? Int(order) : a.count - b.count
    }

    /// A title and its collation key; nil without ICU (then Foundation compares the titles).
    private struct SortKey {
        let title: String
        let key: [UInt8]?

        init(title: String, collator: Collator) {
            self.title = title
            key = collator.sortKey(title)
        }
    }
}

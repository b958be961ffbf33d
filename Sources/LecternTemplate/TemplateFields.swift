/// An object's named fields, in the order they were set.
///
/// A small array searched from the front, not a `Dictionary`: page data has tens of thousands
/// of objects of a handful of fields each (a song page has one per chord segment), and a name a
/// segment lacks is looked for in every enclosing object. Hashing the name for each of them,
/// and building a hash table for each object, was a tenth of a cold build. Each key is kept
/// with its `KeyWord` (length and first bytes as one integer), so a search compares integers
/// and looks at the text of a key only when the integers match.
public struct TemplateFields: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (key: String, value: TemplateValue)
    /// One array (one buffer to retain when the fields are copied), each key with its word.
    private var fields: [Field] = []

    /// A field as stored (public only as the element of the iterator's underlying sequence).
    public struct Field: Sendable {
        var key: String
        var word: KeyWord
        var value: TemplateValue
    }

    public init() {}

    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self.init(elements)
    }

    /// Fields in the given order; where a key comes twice, the last value wins.
    public init<S: Sequence>(_ elements: S) where S.Element == (String, TemplateValue) {
        reserveCapacity(elements.underestimatedCount)
        for (key, value) in elements { self[key] = value }
    }

    public var count: Int { fields.count }
    public var isEmpty: Bool { fields.isEmpty }
    public var keys: [String] { fields.map(\.key) }

    public mutating func reserveCapacity(_ capacity: Int) { fields.reserveCapacity(capacity) }

    private func index(of key: String, word: KeyWord) -> Int? {
        for i in fields.indices where fields[i].word == word {
            if word.isWholeKey || fields[i].key == key { return i }
        }
        return nil
    }

    /// The value of the field `key` (whose `KeyWord` is `word`): how templates look names up.
    func value(of key: String, word: KeyWord) -> TemplateValue? {
        index(of: key, word: word).map { fields[$0].value }
    }

    /// Setting `nil` removes the field.
    public subscript(key: String) -> TemplateValue? {
        get { value(of: key, word: KeyWord(key)) }
        set {
            let word = KeyWord(key)
            switch (index(of: key, word: word), newValue) {
            case (let i?, let value?): fields[i].value = value
            case (let i?, nil): fields.remove(at: i)
            case (nil, let value?): fields.append(Field(key: key, word: word, value: value))
            case (nil, nil): break
            }
        }
    }

    /// `other`'s fields added; where both have a key, `combine` picks the value.
    public mutating func merge(_ other: TemplateFields, uniquingKeysWith combine: (TemplateValue, TemplateValue) -> TemplateValue) {
        reserveCapacity(count + other.count)
        for field in other.fields {
            if let at = index(of: field.key, word: field.word) { fields[at].value = combine(fields[at].value, field.value) } else { fields.append(field) }
        }
    }

    public func merging(_ other: TemplateFields, uniquingKeysWith combine: (TemplateValue, TemplateValue) -> TemplateValue) -> TemplateFields {
        var merged = self
        merged.merge(other, uniquingKeysWith: combine)
        return merged
    }

    public func makeIterator() -> LazyMapSequence<[Field], Element>.Iterator {
        fields.lazy.map { ($0.key, $0.value) }.makeIterator()
    }

    /// The same fields, whatever their order.
    public static func == (lhs: TemplateFields, rhs: TemplateFields) -> Bool {
        lhs.count == rhs.count && lhs.fields.allSatisfy { rhs[$0.key] == $0.value }
    }
}

/// A key's length and first seven UTF-8 bytes as one integer: two keys with different words
/// differ, and a key of up to seven bytes is wholly in its word.
struct KeyWord: Hashable, Sendable {
    let value: UInt64

    init(_ key: String) {
        var key = key
        value = key.withUTF8 { bytes in
            var value = UInt64(truncatingIfNeeded: min(bytes.count, 255)) << 56
            for i in 0..<min(7, bytes.count) { value |= UInt64(bytes[i]) << UInt64(8 * i) }
            return value
        }
    }

    /// The key is no longer than the word holds, so equal words mean equal keys.
    var isWholeKey: Bool { value >> 56 <= 7 }
}

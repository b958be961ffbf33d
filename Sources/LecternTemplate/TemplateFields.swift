/// An object's named fields, in the order they were set.
///
/// A small array searched from the front, not a `Dictionary`: page data has tens of thousands
/// of objects of a handful of fields each (a song page has one per chord segment), and a name a
/// segment lacks is looked for in every enclosing object. Hashing the name for each of them,
/// and building a hash table for each object, was a tenth of a cold build; comparing a few
/// short keys (their lengths first) is cheaper.
public struct TemplateFields: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (key: String, value: TemplateValue)
    private var fields: [Element] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self.init(elements)
    }

    /// Fields in the given order; where a key comes twice, the last value wins.
    public init<S: Sequence>(_ elements: S) where S.Element == (String, TemplateValue) {
        fields.reserveCapacity(elements.underestimatedCount)
        for (key, value) in elements { self[key] = value }
    }

    public var count: Int { fields.count }
    public var isEmpty: Bool { fields.isEmpty }
    public var keys: [String] { fields.map(\.key) }

    public mutating func reserveCapacity(_ capacity: Int) { fields.reserveCapacity(capacity) }

    private func index(of key: String) -> Int? {
        let length = key.utf8.count
        for i in fields.indices where fields[i].key.utf8.count == length && fields[i].key == key { return i }
        return nil
    }

    /// Setting `nil` removes the field.
    public subscript(key: String) -> TemplateValue? {
        get { index(of: key).map { fields[$0].value } }
        set {
            switch (index(of: key), newValue) {
            case (let i?, let value?): fields[i].value = value
            case (let i?, nil): fields.remove(at: i)
            case (nil, let value?): fields.append((key, value))
            case (nil, nil): break
            }
        }
    }

    /// `other`'s fields added; where both have a key, `combine` picks the value.
    public mutating func merge(_ other: TemplateFields, uniquingKeysWith combine: (TemplateValue, TemplateValue) -> TemplateValue) {
        reserveCapacity(count + other.count)
        for (key, value) in other {
            if let i = index(of: key) { fields[i].value = combine(fields[i].value, value) } else { fields.append((key, value)) }
        }
    }

    public func merging(_ other: TemplateFields, uniquingKeysWith combine: (TemplateValue, TemplateValue) -> TemplateValue) -> TemplateFields {
        var merged = self
        merged.merge(other, uniquingKeysWith: combine)
        return merged
    }

    public func makeIterator() -> IndexingIterator<[Element]> { fields.makeIterator() }

    /// The same fields, whatever their order.
    public static func == (lhs: TemplateFields, rhs: TemplateFields) -> Bool {
        lhs.count == rhs.count && lhs.fields.allSatisfy { rhs[$0.key] == $0.value }
    }
}

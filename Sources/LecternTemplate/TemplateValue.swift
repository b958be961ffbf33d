/// The data a template renders: text, a flag, a list or an object with named fields.
///
/// A closed set of cases rather than `Any`: looking a name up is a search of a few keys and a switch,
/// with no dynamic casts — which is where a `[String: Any]` renderer spends most of its time.
public enum TemplateValue: Sendable, Equatable {
    case text(String)
    case bool(Bool)
    case list([TemplateValue])
    case object(TemplateFields)
    /// Rendered once for every page that holds it (see `SharedFragment`).
    case shared(SharedFragment)

    /// Mustache's "falsey": absent, `false`, an empty list — and, here, empty text, so that
    /// `{{#x}}…{{/x}}` always means "x has something to show".
    var isFalsey: Bool {
        switch self {
        case .bool(let flag): return !flag
        case .list(let items): return items.isEmpty
        case .text(let text): return text.isEmpty
        case .object, .shared: return false
        }
    }

    public static func == (a: TemplateValue, b: TemplateValue) -> Bool {
        switch (a, b) {
        case (.text(let x), .text(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.list(let x), .list(let y)): return x == y
        case (.object(let x), .object(let y)): return x == y
        case (.shared(let x), .shared(let y)): return x === y
        default: return false
        }
    }
}

/// Anything a page's data is built from. Conversions run once per value when the data is built,
/// never while rendering.
public protocol TemplateValueConvertible {
    var templateValue: TemplateValue { get }
}

extension TemplateValue: TemplateValueConvertible {
    public var templateValue: TemplateValue { self }
}

extension String: TemplateValueConvertible {
    public var templateValue: TemplateValue { .text(self) }
}

extension Substring: TemplateValueConvertible {
    public var templateValue: TemplateValue { .text(String(self)) }
}

extension Bool: TemplateValueConvertible {
    public var templateValue: TemplateValue { .bool(self) }
}

extension Array: TemplateValueConvertible where Element: TemplateValueConvertible {
    // A closure, not `map(\.templateValue)`: called through `any TemplateValueConvertible`, this
    // runs unspecialised, and a key path in generic code is built at run time on every call.
    public var templateValue: TemplateValue { .list(map { $0.templateValue }) }
}

extension TemplateFields: TemplateValueConvertible {
    public var templateValue: TemplateValue { .object(self) }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(TemplateFields(elements))
    }
}

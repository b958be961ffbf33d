/// A name as written in a tag: `.` (the current value) or dotted parts, `song.title`.
struct TemplateName: Sendable, Equatable {
    /// Empty for `.`.
    let parts: [String]
    /// Each part's `KeyWord`, found once when the template is compiled, not on every look-up.
    let words: [KeyWord]

    init(_ text: String) {
        parts = text == "." ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        words = parts.map(KeyWord.init)
    }
}

/// A parsed template: text to copy and tags to fill, nested where sections nest.
indirect enum TemplateNode: Sendable {
    case text([UInt8])
    /// `{{name}}` (HTML-escaped) or `{{{name}}}` / `{{&name}}` (as is).
    case variable(TemplateName, escaped: Bool)
    /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when inverted.
    case section(TemplateName, [TemplateNode], inverted: Bool)
    /// `{{>name}}`; a standalone partial indents every line it renders by the tag's indentation.
    case partial(String, indentation: [UInt8])
    /// `{{<name}}{{$block}}…{{/block}}{{/name}}`: render `name` with these blocks replaced.
    case parent(String, indentation: [UInt8], blocks: [String: [TemplateNode]])
    /// `{{$name}}default{{/name}}`: the block a parent's child may replace.
    case block(String, [TemplateNode])
}

/// A tag as the template's author wrote it, with where: for checks that need the template's
/// names (string keys, partials) and for messages that point at a line.
public struct TemplateTag: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case variable, unescaped, section, inverted, close, comment, partial, parent, block, delimiters
    }

    public let kind: Kind
    public let name: String
    public let line: Int
    public let column: Int

    /// Tags that vanish with their whole line when they stand alone on it.
    var canStandAlone: Bool {
        switch kind {
        case .variable, .unescaped: return false
        default: return true
        }
    }
}

/// Why a template does not parse, and where.
public struct TemplateSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public let message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { message }
}

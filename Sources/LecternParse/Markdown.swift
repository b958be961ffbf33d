import Foundation
import CCmark
import LecternModel

/// A node of cmark's syntax tree, copied into a Swift value so the parsers can walk it freely
/// after the C tree is freed. Only the fields Lectern reads are kept.
public struct MarkdownNode: Sendable {
    public enum Kind: Sendable, Equatable {
        case document, blockQuote, list, item, codeBlock, htmlBlock, customBlock, paragraph, heading, thematicBreak
        case text, softBreak, lineBreak, code, htmlInline, customInline, emphasis, strong, link, image, other
    }

    public var kind: Kind
    public var literal: String
    public var headingLevel: Int
    public var url: String
    /// Line and column within the Markdown text, 1-based.
    public var line: Int
    public var column: Int
    public var endLine: Int
    public var children: [MarkdownNode]

    /// The text on one line, blocks and line breaks turned into single spaces: a free slide as
    /// an entry of a running order.
    public var words: String {
        let holdsBlocks = [.document, .blockQuote, .list, .item, .customBlock].contains(kind)
        let text = holdsBlocks ? children.map(\.words).joined(separator: " ") : plainText
        return text.collapsingWhitespace()
    }

    /// The text of this node and its descendants, with soft and hard breaks as `\n`.
    public var plainText: String {
        switch kind {
        case .text, .code: return literal
        case .softBreak, .lineBreak: return "\n"
        default: return children.map(\.plainText).joined()
        }
    }
}

/// cmark, through its node iterator: Markdown text in, `MarkdownNode` tree or HTML out.
public enum Markdown {
    /// Smart punctuation for typographic quotes in lyrics; UTF-8 validated by cmark itself.
    static let parseOptions = CMARK_OPT_SMART | CMARK_OPT_VALIDATE_UTF8

    public static func parse(_ text: String) -> MarkdownNode {
        let document: OpaquePointer? = text.withCString { cmark_parse_document($0, strlen($0), parseOptions) }
        guard let document else { return MarkdownNode(kind: .document, literal: "", headingLevel: 0, url: "", line: 1, column: 1, endLine: 1, children: []) }
        defer { cmark_node_free(document) }

        let iterator = cmark_iter_new(document)
        defer { cmark_iter_free(iterator) }
        // A stack of open nodes: children are appended on their parent's exit.
        var stack: [MarkdownNode] = []
        var root: MarkdownNode?
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let value = makeNode(node)
            if event == CMARK_EVENT_ENTER {
                if isLeaf(value.kind) {
                    stack[stack.count - 1].children.append(value)
                } else {
                    stack.append(value)
                }
            } else if event == CMARK_EVENT_EXIT {
                let finished = stack.removeLast()
                if stack.isEmpty { root = finished } else { stack[stack.count - 1].children.append(finished) }
            }
        }
        return root ?? MarkdownNode(kind: .document, literal: "", headingLevel: 0, url: "", line: 1, column: 1, endLine: 1, children: [])
    }

    /// Renders Markdown to HTML. Raw HTML and `javascript:` links are dropped unless `allowHTML`.
    /// Paragraphs, list items and headings get `dir="auto"`: notes in English inside a Hebrew
    /// page (or the other way round) each take their own direction, block by block.
    public static func html(_ text: String, allowHTML: Bool) -> String {
        let options = parseOptions | (allowHTML ? CMARK_OPT_UNSAFE : CMARK_OPT_DEFAULT)
        guard let out = text.withCString({ cmark_markdown_to_html($0, strlen($0), options) }) else { return "" }
        defer { free(out) }
        var html = String(cString: out)
        for tag in ["p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote"] {
            html = html.replacingOccurrences(of: "<\(tag)>", with: "<\(tag) dir=\"auto\">")
        }
        return html
    }

    private static func isLeaf(_ kind: MarkdownNode.Kind) -> Bool {
        switch kind {
        case .text, .softBreak, .lineBreak, .code, .htmlInline, .codeBlock, .htmlBlock, .thematicBreak: return true
        default: return false
        }
    }

    private static func makeNode(_ node: OpaquePointer) -> MarkdownNode {
        let kind: MarkdownNode.Kind
        switch cmark_node_get_type(node) {
        case CMARK_NODE_DOCUMENT: kind = .document
        case CMARK_NODE_BLOCK_QUOTE: kind = .blockQuote
        case CMARK_NODE_LIST: kind = .list
        case CMARK_NODE_ITEM: kind = .item
        case CMARK_NODE_CODE_BLOCK: kind = .codeBlock
        case CMARK_NODE_HTML_BLOCK: kind = .htmlBlock
        case CMARK_NODE_CUSTOM_BLOCK: kind = .customBlock
        case CMARK_NODE_PARAGRAPH: kind = .paragraph
        case CMARK_NODE_HEADING: kind = .heading
        case CMARK_NODE_THEMATIC_BREAK: kind = .thematicBreak
        case CMARK_NODE_TEXT: kind = .text
        case CMARK_NODE_SOFTBREAK: kind = .softBreak
        case CMARK_NODE_LINEBREAK: kind = .lineBreak
        case CMARK_NODE_CODE: kind = .code
        case CMARK_NODE_HTML_INLINE: kind = .htmlInline
        case CMARK_NODE_CUSTOM_INLINE: kind = .customInline
        case CMARK_NODE_EMPH: kind = .emphasis
        case CMARK_NODE_STRONG: kind = .strong
        case CMARK_NODE_LINK: kind = .link
        case CMARK_NODE_IMAGE: kind = .image
        default: kind = .other
        }
        return MarkdownNode(
            kind: kind,
            literal: cmark_node_get_literal(node).map { String(cString: $0) } ?? "",
            headingLevel: kind == .heading ? Int(cmark_node_get_heading_level(node)) : 0,
            url: cmark_node_get_url(node).map { String(cString: $0) } ?? "",
            line: Int(cmark_node_get_start_line(node)),
            column: Int(cmark_node_get_start_column(node)),
            endLine: Int(cmark_node_get_end_line(node)),
            children: []
        )
    }
}

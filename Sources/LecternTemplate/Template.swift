/// One template, parsed once: Mustache with sections, inverted sections, partials, comments,
/// delimiter changes and inheritance (`{{<parent}}` with `{{$block}}`s).
public struct Template: Sendable {
    let nodes: [TemplateNode]
    /// Every tag in the order written, for checks over the names a template uses.
    public let tags: [TemplateTag]

    public init(_ text: String) throws(TemplateSyntaxError) {
        var lexer = TemplateLexer(text)
        let pieces = try lexer.pieces()
        var tags: [TemplateTag] = []
        nodes = try Self.tree(pieces, tags: &tags)
        self.tags = tags
    }

    /// An open section, parent or block while its content is read.
    private struct Frame {
        let tag: TemplateTag?
        var nodes: [TemplateNode] = []
        var indentation: [UInt8] = []

        mutating func appendText(_ bytes: ArraySlice<UInt8>) {
            if case .text(let previous)? = nodes.last {
                nodes[nodes.count - 1] = .text(previous + bytes)
            } else {
                nodes.append(.text(Array(bytes)))
            }
        }
    }

    private static func tree(_ pieces: [TemplateLexer.Piece], tags: inout [TemplateTag]) throws(TemplateSyntaxError) -> [TemplateNode] {
        var frames = [Frame(tag: nil)]
        for piece in pieces {
            switch piece {
            case .text(let bytes), .newline(let bytes):
                frames[frames.count - 1].appendText(bytes)
            case .tag(let tag, let indentation):
                tags.append(tag)
                switch tag.kind {
                case .variable, .unescaped:
                    frames[frames.count - 1].nodes.append(.variable(TemplateName(tag.name), escaped: tag.kind == .variable))
                case .partial:
                    frames[frames.count - 1].nodes.append(.partial(tag.name, indentation: indentation))
                case .section, .inverted, .parent, .block:
                    frames.append(Frame(tag: tag, indentation: indentation))
                case .close:
                    guard frames.count > 1, let opened = frames.last?.tag else {
                        throw TemplateSyntaxError(line: tag.line, column: tag.column, message: "{{/\(tag.name)}} closes nothing")
                    }
                    guard opened.name == tag.name else {
                        throw TemplateSyntaxError(line: tag.line, column: tag.column,
                                                  message: "{{/\(tag.name)}} does not close '\(opened.name)', opened at line \(opened.line)")
                    }
                    let frame = frames.removeLast()
                    frames[frames.count - 1].nodes.append(node(closing: frame, opened: opened))
                case .comment, .delimiters:
                    break
                }
            }
        }
        if let unclosed = frames.last?.tag {
            throw TemplateSyntaxError(line: unclosed.line, column: unclosed.column, message: "'\(unclosed.name)' is never closed with {{/\(unclosed.name)}}")
        }
        return frames[0].nodes
    }

    private static func node(closing frame: Frame, opened: TemplateTag) -> TemplateNode {
        switch opened.kind {
        case .section: return .section(TemplateName(opened.name), frame.nodes, inverted: false)
        case .inverted: return .section(TemplateName(opened.name), frame.nodes, inverted: true)
        case .block: return .block(opened.name, frame.nodes)
        default:
            // Inside a parent only its blocks count; other content is ignored, as the spec says.
            var blocks: [String: [TemplateNode]] = [:]
            for case .block(let name, let content) in frame.nodes { blocks[name] = content }
            return .parent(opened.name, indentation: frame.indentation, blocks: blocks)
        }
    }
}

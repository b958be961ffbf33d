/// Renders template nodes against a stack of values, straight into UTF-8 bytes.
///
/// Name lookup follows Mustache: the first part of a name is looked for from the innermost
/// value outwards (so inside a loop, a name an item lacks comes from the enclosing data); the
/// other parts are looked for inside what it found, with no further climbing.
struct TemplateRenderer {
    let library: TemplateLibrary
    private(set) var output: [UInt8] = []
    private var stack: [TemplateValue]
    /// The indentation of the standalone partials being rendered, outermost first.
    private var indentation: [UInt8] = []
    private var atLineStart = true

    /// How `{{name}}` escapes: the page's file format.
    let format: OutputFormat

    init(library: TemplateLibrary, root: TemplateValue, format: OutputFormat = .html) {
        self.library = library
        self.format = format
        self.stack = [root]
        output.reserveCapacity(16 * 1024)
    }

    mutating func render(_ nodes: [TemplateNode], blocks: [String: [TemplateNode]]) {
        for node in nodes {
            switch node {
            case .text(let bytes):
                write(bytes)
            case .variable(let name, let escaped):
                switch lookup(name) {
                case .text(let text)?: writeValue(text, escaped: escaped)
                case .bool(let flag)?: writeValue(flag ? "true" : "false", escaped: false)
                case .list?, .object?, .shared?, nil: break
                }
            case .section(let name, let content, let inverted):
                let value = lookup(name)
                if inverted {
                    if value?.isFalsey ?? true { render(content, blocks: blocks) }
                    continue
                }
                guard let value, !value.isFalsey else { continue }
                switch value {
                case .shared(let fragment):
                    writeRendered(fragment.output(of: content, format: format, library: library))
                case .list(let items):
                    for item in items {
                        stack.append(item)
                        render(content, blocks: blocks)
                        stack.removeLast()
                    }
                case .bool:
                    render(content, blocks: blocks)
                case .text, .object:
                    stack.append(value)
                    render(content, blocks: blocks)
                    stack.removeLast()
                }
            case .partial(let name, let indent):
                guard let template = library.templates[name] else { continue }
                renderIndented(template.nodes, by: indent, blocks: blocks)
            case .parent(let name, let indent, let overrides):
                guard let template = library.templates[name] else { continue }
                // The most derived template wins: blocks given further out override these.
                renderIndented(template.nodes, by: indent, blocks: overrides.merging(blocks) { _, outer in outer })
            case .block(let name, let content):
                render(blocks[name] ?? content, blocks: blocks)
            }
        }
    }

    private mutating func renderIndented(_ nodes: [TemplateNode], by indent: [UInt8], blocks: [String: [TemplateNode]]) {
        guard !indent.isEmpty else { return render(nodes, blocks: blocks) }
        let outer = indentation
        indentation += indent
        atLineStart = true
        render(nodes, blocks: blocks)
        indentation = outer
    }

    private func lookup(_ name: TemplateName) -> TemplateValue? {
        guard let first = name.parts.first else { return stack.last }
        let firstWord = name.words[0]
        var found: TemplateValue?
        // Innermost first, by index: iterating `stack.reversed()` copied every value it passed.
        var level = stack.count - 1
        while level >= 0 {
            if case .object(let fields) = stack[level], let field = fields.value(of: first, word: firstWord) {
                found = field
                break
            }
            level -= 1
        }
        var part = 1
        while part < name.parts.count {
            guard case .object(let fields)? = found else { return nil }
            found = fields.value(of: name.parts[part], word: name.words[part])
            part += 1
        }
        return found
    }

    /// Template text: inside an indented partial, each new line starts with the indentation.
    private mutating func write(_ bytes: [UInt8]) {
        guard !indentation.isEmpty else { return output.append(contentsOf: bytes) }
        var start = 0
        while start < bytes.count {
            if atLineStart {
                output.append(contentsOf: indentation)
                atLineStart = false
            }
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
            output.append(contentsOf: bytes[start..<end])
            atLineStart = bytes[end - 1] == UInt8(ascii: "\n")
            start = end
        }
    }

    /// A shared fragment's output, placed like a value: its own lines are not indented again.
    private mutating func writeRendered(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if atLineStart, !indentation.isEmpty {
            output.append(contentsOf: indentation)
        }
        atLineStart = false
        output.append(contentsOf: bytes)
    }

    /// A value: indented if it starts a line, but its own line breaks are left alone.
    private mutating func writeValue(_ text: String, escaped: Bool) {
        guard !text.isEmpty else { return }
        if atLineStart, !indentation.isEmpty {
            output.append(contentsOf: indentation)
        }
        atLineStart = false
        if escaped { format.appendEscaped(text, to: &output) } else { output.append(contentsOf: text.utf8) }
    }
}

/// Splits a template's bytes into text, line ends and tags, following the Mustache spec:
/// `{{=<% %>=}}` changes the delimiters for what follows, and a line holding nothing but one
/// section, partial, comment or other non-printing tag (and spaces) vanishes entirely.
struct TemplateLexer {
    enum Piece {
        case text(ArraySlice<UInt8>)
        case newline(ArraySlice<UInt8>)
        /// A tag; `indentation` is the whitespace before a standalone partial or parent.
        case tag(TemplateTag, indentation: [UInt8])
    }

    private let bytes: [UInt8]
    /// Byte offset where each line starts, for line:column positions.
    private let lineStarts: [Int]
    private var open: [UInt8] = Array("{{".utf8)
    private var close: [UInt8] = Array("}}".utf8)

    init(_ text: String) {
        let bytes = Array(text.utf8)
        self.bytes = bytes
        lineStarts = [0] + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
    }

    /// The pieces, with standalone lines already removed.
    mutating func pieces() throws(TemplateSyntaxError) -> [Piece] {
        Self.removingStandaloneLines(try scan())
    }

    private mutating func scan() throws(TemplateSyntaxError) -> [Piece] {
        var pieces: [Piece] = []
        var textStart = 0
        var i = 0
        func flushText(to end: Int) {
            if end > textStart { pieces.append(.text(bytes[textStart..<end])) }
        }
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "\n")) {
                flushText(to: i)
                let end = byte == UInt8(ascii: "\n") ? i + 1 : i + 2
                pieces.append(.newline(bytes[i..<end]))
                i = end
                textStart = i
            } else if matches(open, at: i) {
                flushText(to: i)
                let (tag, end) = try readTag(at: i)
                pieces.append(.tag(tag, indentation: []))
                i = end
                textStart = i
            } else {
                i += 1
            }
        }
        flushText(to: bytes.count)
        return pieces
    }

    /// Reads the tag whose opening delimiter starts at `start`; returns it and where it ends.
    private mutating func readTag(at start: Int) throws(TemplateSyntaxError) -> (TemplateTag, Int) {
        let bodyStart = start + open.count
        let sigil = bodyStart < bytes.count ? bytes[bodyStart] : 0
        let kind: TemplateTag.Kind
        var nameStart = bodyStart + 1
        var closing = close
        switch sigil {
        case UInt8(ascii: "#"): kind = .section
        case UInt8(ascii: "^"): kind = .inverted
        case UInt8(ascii: "/"): kind = .close
        case UInt8(ascii: "!"): kind = .comment
        case UInt8(ascii: ">"): kind = .partial
        case UInt8(ascii: "<"): kind = .parent
        case UInt8(ascii: "$"): kind = .block
        case UInt8(ascii: "&"): kind = .unescaped
        case UInt8(ascii: "{"): kind = .unescaped; closing = Array("}".utf8) + close
        case UInt8(ascii: "="): kind = .delimiters; closing = Array("=".utf8) + close
        default: kind = .variable; nameStart = bodyStart
        }
        guard let closeAt = find(closing, from: nameStart) else {
            throw error(at: start, "this tag is never closed with '\(String(decoding: closing, as: UTF8.self))'")
        }
        let name = String(decoding: bytes[nameStart..<closeAt], as: UTF8.self).trimmingSpaces
        let (line, column) = position(of: start)
        let tag = TemplateTag(kind: kind, name: name, line: line, column: column)
        let end = closeAt + closing.count
        switch kind {
        case .comment:
            break
        case .delimiters:
            let parts = name.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
                throw error(at: start, "a delimiter change is written {{=<% %>=}}: two delimiters, no '='")
            }
            open = Array(parts[0].utf8)
            close = Array(parts[1].utf8)
        default:
            guard !name.isEmpty else { throw error(at: start, "this tag has no name") }
            guard !name.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" }) else {
                throw error(at: start, "'\(name)' is not a name: names have no spaces")
            }
        }
        return (tag, end)
    }

    /// Removes each standalone line's whitespace and line end, keeping its one tag. A standalone
    /// partial or parent keeps the whitespace before it as the indentation of what it renders.
    static func removingStandaloneLines(_ pieces: [Piece]) -> [Piece] {
        var out: [Piece] = []
        out.reserveCapacity(pieces.count)
        var lineStart = 0
        func finishLine(_ line: ArraySlice<Piece>) {
            var tags = 0
            var onlyBlanks = true
            var standaloneTag: TemplateTag?
            var indentation: [UInt8] = []
            for piece in line {
                switch piece {
                case .text(let text):
                    if text.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) { onlyBlanks = false }
                    if tags == 0 { indentation.append(contentsOf: text) }
                case .tag(let tag, _):
                    tags += 1
                    standaloneTag = tag
                case .newline:
                    break
                }
            }
            if tags == 1, onlyBlanks, let tag = standaloneTag, tag.canStandAlone {
                let keeps = tag.kind == .partial || tag.kind == .parent
                out.append(.tag(tag, indentation: keeps ? indentation : []))
            } else {
                out.append(contentsOf: line)
            }
        }
        for (index, piece) in pieces.enumerated() {
            if case .newline = piece {
                finishLine(pieces[lineStart...index])
                lineStart = index + 1
            }
        }
        if lineStart < pieces.count { finishLine(pieces[lineStart...]) }
        return out
    }

    private func matches(_ needle: [UInt8], at index: Int) -> Bool {
        guard index + needle.count <= bytes.count else { return false }
        for (offset, byte) in needle.enumerated() where bytes[index + offset] != byte { return false }
        return true
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + needle.count <= bytes.count {
            if matches(needle, at: index) { return index }
            index += 1
        }
        return nil
    }

    /// 1-based line and column (in characters) of a byte offset.
    private func position(of offset: Int) -> (Int, Int) {
        var low = 0
        var high = lineStarts.count - 1
        while low < high { // the last line starting at or before the offset
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return (low + 1, String(decoding: bytes[lineStarts[low]..<offset], as: UTF8.self).count + 1)
    }

    private func error(at offset: Int, _ message: String) -> TemplateSyntaxError {
        let (line, column) = position(of: offset)
        return TemplateSyntaxError(line: line, column: column, message: message)
    }
}

extension String {
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}

import LecternModel

/// A document split into its YAML front matter and its Markdown body.
public struct FrontMatterDocument: Sendable {
    /// The YAML between the two `---` lines, or nil when the file has none.
    public var yaml: String?
    /// Line number (1-based) of the first YAML line in the file.
    public var yamlFirstLine: Int
    public var body: String
    /// Line number (1-based) of the body's first line in the file.
    public var bodyFirstLine: Int

    /// Splits on line-anchored `---` only, so a `---` rule inside the body stays in the body.
    public static func split(_ file: SourceFile) -> Result<FrontMatterDocument, Diagnostic> {
        // Lines are found by their "\n" bytes (the text's line ends are normalised when it is
        // decoded): splitting the whole file into `Character`s cost a tenth of parsing a song.
        let text = file.text
        let utf8 = text.utf8
        func end(ofLineAt start: String.Index) -> String.Index { utf8[start...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex }
        func start(afterLineEnding end: String.Index) -> String.Index? { end == utf8.endIndex ? nil : utf8.index(after: end) }

        let firstEnd = end(ofLineAt: utf8.startIndex)
        guard isFence(text[utf8.startIndex..<firstEnd]) else {
            return .success(FrontMatterDocument(yaml: nil, yamlFirstLine: 1, body: text, bodyFirstLine: 1))
        }
        var line = 2
        var next = start(afterLineEnding: firstEnd)
        while let lineStart = next {
            let lineEnd = end(ofLineAt: lineStart)
            if isFence(text[lineStart..<lineEnd]) {
                // The YAML is the lines between the fences, without the last line's "\n".
                let yamlStart = start(afterLineEnding: firstEnd)!
                let yaml = lineStart == yamlStart ? "" : String(text[yamlStart..<utf8.index(before: lineStart)])
                let body = start(afterLineEnding: lineEnd).map { String(text[$0...]) } ?? ""
                return .success(FrontMatterDocument(yaml: yaml, yamlFirstLine: 2, body: body, bodyFirstLine: line + 1))
            }
            line += 1
            next = start(afterLineEnding: lineEnd)
        }
        return .failure(.error(file.location(line: 1), "front matter is not closed: add a line `---` after it"))
    }

    private static func isFence(_ line: Substring) -> Bool {
        var l = line
        while let last = l.last, last == " " || last == "\t" { l = l.dropLast() }
        return l == "---"
    }
}

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
        let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, isFence(first) else {
            return .success(FrontMatterDocument(yaml: nil, yamlFirstLine: 1, body: file.text, bodyFirstLine: 1))
        }
        guard let close = lines.indices.dropFirst().first(where: { isFence(lines[$0]) }) else {
            return .failure(.error(file.location(line: 1), "front matter is not closed: add a line `---` after it"))
        }
        let yaml = lines[1..<close].joined(separator: "\n")
        let body = lines[(close + 1)...].joined(separator: "\n")
        return .success(FrontMatterDocument(yaml: yaml, yamlFirstLine: 2, body: body, bodyFirstLine: close + 2))
    }

    private static func isFence(_ line: Substring) -> Bool {
        var l = line
        while let last = l.last, last == " " || last == "\t" { l = l.dropLast() }
        return l == "---"
    }
}

/// Finds a YAML anchor (`&name`) in valid YAML text. Yams does not keep anchors on composed
/// nodes, so the text itself is scanned: outside quotes, comments and block scalars, a `&` where
/// a node may start can only be an anchor (a plain scalar cannot begin with `&` or `*`). Aliases
/// need an anchor to refer to, so refusing anchors refuses aliases too.
enum AnchorScan {
    static func firstAnchor(in yaml: String) -> (line: Int, column: Int)? {
        guard yaml.contains("&") else { return nil }
        var blockIndent: Int?  // inside a block scalar started on a line with this indentation
        for (index, rawLine) in yaml.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = Array(rawLine)
            let indent = line.prefix { $0 == " " }.count
            if let b = blockIndent {
                if line.allSatisfy({ $0 == " " }) || indent > b { continue }
                blockIndent = nil
            }
            var i = indent
            var quote: Character?
            var atNodeStart = true
            while i < line.count {
                let c = line[i]
                if let q = quote {
                    if c == q { quote = nil }
                } else if c == "\"" || c == "'" {
                    if atNodeStart { quote = c }
                    atNodeStart = false
                } else if c == "#" && (i == 0 || line[i - 1] == " ") {
                    break
                } else if c == "&" && atNodeStart {
                    return (index + 1, i + 1)
                } else if c == "|" || c == ">" {
                    if atNodeStart { blockIndent = indent }
                    atNodeStart = false
                } else if c == ":" || c == "-" || c == "?" {
                    // ": " opens a value; "- " and "? " open a node where one could start anyway.
                    let followedBySpace = i + 1 >= line.count || line[i + 1] == " "
                    atNodeStart = followedBySpace && (c == ":" || atNodeStart)
                } else if c == "[" || c == "{" || c == "," {
                    atNodeStart = true
                } else if c != " " {
                    atNodeStart = false
                }
                i += 1
            }
        }
        return nil
    }
}

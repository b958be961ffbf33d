/// Finds a YAML anchor (`&name`) in valid YAML text. Yams does not keep anchors on composed
/// nodes, so the text itself is scanned: outside quotes, comments, block scalars and the
/// continuation lines of plain scalars, a `&` where a node may start can only be an anchor
/// (a plain scalar cannot begin with `&` or `*`). Aliases need an anchor to refer to, so
/// refusing anchors refuses aliases too.
enum AnchorScan {
    static func firstAnchor(in yaml: String) -> (line: Int, column: Int)? {
        guard yaml.containsByte(UInt8(ascii: "&")) else { return nil }
        var quote: Character?        // inside a quoted scalar, possibly over several lines
        var blockIndent: Int?        // inside a block scalar (`|`, `>`) started at this indentation
        var plainIndent: Int?        // a plain scalar started on a line of this indentation
        for (index, rawLine) in yaml.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = Array(rawLine)
            let indent = line.prefix { $0 == " " }.count
            let blank = line.allSatisfy { $0 == " " || $0 == "\t" }
            if let b = blockIndent {
                if blank || indent > b { continue }
                blockIndent = nil
            }
            if quote == nil, let p = plainIndent, blank || indent > p, line.dropFirst(indent).first != "#" {
                continue // more of a multi-line plain scalar: "& music by B" is text here
            }
            plainIndent = nil
            var atNodeStart = quote == nil
            var plainOpen = false
            var i = quote == nil ? indent : 0
            while i < line.count {
                let c = line[i]
                if let q = quote {
                    if c == q { quote = nil }
                } else if c == "#" && (i == 0 || line[i - 1] == " ") {
                    break
                } else if atNodeStart && c == "&" {
                    return (index + 1, i + 1)
                } else if atNodeStart && (c == "\"" || c == "'") {
                    quote = c
                    atNodeStart = false
                    plainOpen = false
                } else if atNodeStart && (c == "|" || c == ">") {
                    blockIndent = indent
                    atNodeStart = false
                } else if c == ":" || c == "-" || c == "?" {
                    // ": " opens a value; "- " and "? " open a node where one could start anyway.
                    let followedBySpace = i + 1 >= line.count || line[i + 1] == " "
                    if followedBySpace && (c == ":" || atNodeStart) {
                        atNodeStart = true
                        plainOpen = false
                    } else {
                        atNodeStart = false
                        plainOpen = true
                    }
                } else if c == "[" || c == "{" || c == "," {
                    atNodeStart = true
                    plainOpen = false
                } else if c != " " {
                    if atNodeStart { plainOpen = true }
                    atNodeStart = false
                }
                i += 1
            }
            if plainOpen { plainIndent = indent }
        }
        return nil
    }
}

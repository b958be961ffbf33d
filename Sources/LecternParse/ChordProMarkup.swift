import LecternModel

/// ChordPro lyrics may carry Pango-style markup: `<b>`/`<strong>` and `<i>`/`<em>` become the
/// same emphasis a Markdown song has; other tags (`<span …>`, `<sup>`) are dropped, their text kept.
/// A `<` that starts no tag stays text.
enum ChordProMarkup {
    static func runs(_ line: String) -> [StyledText] {
        var runs: [StyledText] = []
        var bold = 0, italic = 0
        var text = ""
        func flush() {
            guard !text.isEmpty else { return }
            var styles: [InlineStyle] = []
            if italic > 0 { styles.append(.emphasis) }
            if bold > 0 { styles.append(.strong) }
            runs.append(StyledText(text, styles: styles.sorted()))
            text = ""
        }
        var rest = Substring(line)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">"),
                  let tag = tagName(rest[rest.index(after: open)..<close]) else {
                text += rest[...open]
                rest = rest[rest.index(after: open)...]
                continue
            }
            text += rest[..<open]
            flush()
            switch tag {
            case ("b", false), ("strong", false): bold += 1
            case ("b", true), ("strong", true): bold = max(0, bold - 1)
            case ("i", false), ("em", false): italic += 1
            case ("i", true), ("em", true): italic = max(0, italic - 1)
            default: break
            }
            rest = rest[rest.index(after: close)...]
        }
        text += rest
        flush()
        return runs
    }

    /// `b` → ("b", false); `/b` → ("b", true); `span foreground="red"` → ("span", false); nil when
    /// the text between `<` and `>` is not a tag (`< 3 >`).
    private static func tagName(_ inside: Substring) -> (String, Bool)? {
        var body = inside
        let closing = body.hasPrefix("/")
        if closing { body = body.dropFirst() }
        let name = body.prefix { $0.isASCII && $0.isLetter }
        guard !name.isEmpty, body.dropFirst(name.count).first.map({ $0 == " " || $0 == "/" }) ?? true else { return nil }
        return (name.lowercased(), closing)
    }
}

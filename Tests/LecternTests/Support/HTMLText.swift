import Foundation

/// What a reader of the pages sees, taken out of the theme's HTML.
enum HTMLText {
    struct Section: Equatable {
        var id: String
        var label: String
        /// Slides of lines; each line written back as `{Chord}lyric`, inline HTML kept.
        var slides: [[String]]
    }

    struct Category: Equatable {
        var heading: String
        /// `[x] Name (required)` per item.
        var items: [String]
    }

    /// The first capture groups of every match.
    static func captures(_ pattern: String, in text: String) -> [[String]] {
        guard let regex = try? Regex(pattern) else { return [] }
        return text.matches(of: regex).map { match in
            (1..<match.output.count).map { match.output[$0].substring.map(String.init) ?? "" }
        }
    }

    /// The pieces of `html` after each occurrence of `marker`.
    static func chunks(_ html: String, _ marker: String) -> [String] {
        Array(html.components(separatedBy: marker).dropFirst())
    }

    /// From `start` (an opening tag's beginning) to its matching close tag, counting nesting.
    static func element(_ html: String, _ start: String) -> String? {
        guard let open = html.range(of: start) else { return nil }
        let name = String(start.dropFirst().prefix { $0.isLetter || $0.isNumber })
        var depth = 0
        var i = open.lowerBound
        while i < html.endIndex {
            let rest = html[i...]
            if rest.hasPrefix("<\(name)") && (rest.dropFirst(name.count + 1).first.map { $0 == " " || $0 == ">" } ?? false) {
                depth += 1
            } else if rest.hasPrefix("</\(name)>") {
                depth -= 1
                if depth == 0 { return String(html[open.lowerBound..<html.index(i, offsetBy: name.count + 3)]) }
            }
            i = html.index(after: i)
        }
        return nil
    }

    /// Tags removed, entities decoded, zero-width joiners dropped, white space collapsed.
    static func visible(_ html: String) -> String {
        var text = html.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
        for (entity, char) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: char)
        }
        text = text.replacingOccurrences(of: "\u{200D}", with: "")
        text = text.replacingOccurrences(of: "\\s+", with: " ", options: .regularExpression)
        // A tag between a word and its punctuation is not a gap the reader sees.
        for p in [".", ",", ":", ")"] { text = text.replacingOccurrences(of: " " + p, with: p) }
        text = text.replacingOccurrences(of: "( ", with: "(")
        return text.trimmingCharacters(in: .whitespaces)
    }

    static func title(_ html: String) -> String {
        visible(captures("<title>(.*?)</title>", in: html).first?[0] ?? "")
    }

    static func sections(_ html: String) -> [Section] {
        // A joiner after `>` would fuse with it into one Character and hide the tag from a Regex.
        let html = html.replacingOccurrences(of: "\u{200D}", with: "")
        return chunks(html, "<section class=\"section\"").map { chunk in
            Section(
                id: captures("^ id=\"([^\"]*)\"", in: chunk).first?[0] ?? "",
                label: visible(captures("<h2 class=\"section-label\"[^>]*>(.*?)</h2>", in: chunk).first?[0] ?? ""),
                slides: chunks(chunk, "<div class=\"slide\">").map { slide in
                    chunks(slide, "<p class=\"line").map { line in
                        captures("<span class=\"seg[^\"]*\">(?:<span class=\"chord\"><bdi>(.*?)</bdi></span>)?<span class=\"lyric\">(.*?)</span></span>", in: line)
                            .map { ($0[0].isEmpty ? "" : "{\($0[0])}") + $0[1] }
                            .joined()
                    }
                })
        }
    }

    /// Each numbered item of an order of service, as the reader sees it.
    static func serviceItems(_ html: String) -> [String] {
        let order = element(html, "<ol class=\"order\"") ?? ""
        return chunks(order, "<li class=\"item").map { visible("<li class=\"item" + $0) }
    }

    static func progress(_ html: String) -> [String] {
        captures("<span class=\"progress-text\">([^<]*)</span>", in: element(html, "<div class=\"progress-block\"") ?? "")
            .map { $0[0] }
    }

    static func categories(_ html: String) -> [Category] {
        chunks(html, "<section class=\"category\">").map { chunk in
            Category(
                heading: visible(captures("<h2[^>]*>(.*?)</h2>", in: chunk).first?[0] ?? ""),
                items: chunks(chunk, "<li class=\"check-item").map { item in
                    let classes = captures("^([^\"]*)\"", in: item).first?[0] ?? ""
                    let name = visible(captures("<span class=\"check-name\"[^>]*>(.*?)</span>", in: item).first?[0] ?? "")
                    return (classes.contains("is-done") ? "[x] " : "[ ] ") + name
                        + (classes.contains("is-optional") ? " (optional)" : " (required)")
                })
        }
    }

    /// Item name → what the reader sees after the name (badge, description, details).
    static func itemDetails(_ html: String) -> [String: String] {
        var out: [String: String] = [:]
        for item in chunks(html, "<li class=\"check-item") {
            let name = visible(captures("<span class=\"check-name\"[^>]*>(.*?)</span>", in: item).first?[0] ?? "")
            let body = item.components(separatedBy: "<span class=\"check-name\"").dropFirst().joined()
            let afterName = body.components(separatedBy: "</span>").dropFirst().joined(separator: "</span>")
            out[name] = visible(afterName.components(separatedBy: "</li>").first ?? "")
        }
        return out
    }
}

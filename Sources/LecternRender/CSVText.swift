/// RFC 4180 cells for the CSV files a theme's templates lay out (`{{{cell}}}`, unescaped):
/// a cell with a comma, a quote or a line break is quoted, its quotes doubled.
enum CSVText {
    static func cell(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// "Did you mean": the existing ids closest to a mistyped one.
public enum Suggestions {
    public static func closest(to word: String, among candidates: [String], limit: Int = 3) -> [String] {
        let scored = candidates.map { ($0, distance(word, $0)) }
        let threshold = max(2, word.count / 3)
        return scored
            .filter { $0.1 <= threshold || $0.0.hasPrefix(word) || word.hasPrefix($0.0) }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
            .prefix(limit)
            .map(\.0)
    }

    /// Levenshtein distance over characters.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// " (did you mean 'a'?)" for a likely typo, else " (closest: 'a', 'b', 'c')", or "" when
    /// there is nothing to name.
    public static func hint(for word: String, among candidates: [String]) -> String {
        let near = closest(to: word, among: candidates)
        if !near.isEmpty { return " (did you mean \(near.map { "'\($0)'" }.joined(separator: ", "))?)" }
        let any = candidates.map { ($0, distance(word, $0)) }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map(\.0)
        return any.isEmpty ? "" : " (closest: \(any.map { "'\($0)'" }.joined(separator: ", ")))"
    }
}

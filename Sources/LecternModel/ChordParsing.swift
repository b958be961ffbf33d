extension Chord {
    /// Parses a chord symbol: root `A`–`G` (or German `H`, which is B), optional `#`/`b`, a quality made of known parts
    /// (`m`, `maj7`, `sus4`, `add9`, `dim`, `aug`, `m7b5`, ...), optional `/bass`; or `N.C.`.
    /// Anything else is not a chord, so `[Refrain]` or `[Amen]` stays text.
    public static func parse(_ text: String) -> Chord? {
        if text == "N.C." || text == "NC" { return .noChord }
        var rest = Substring(text)
        let (mainPart, bassPart): (Substring, Substring?) = {
            if let slash = rest.lastIndex(of: "/") {
                return (rest[..<slash], rest[rest.index(after: slash)...])
            }
            return (rest, nil)
        }()
        rest = mainPart
        guard let (root, accidental, afterRoot) = parseRoot(rest) else { return nil }
        guard isQuality(afterRoot) else { return nil }
        var bass: String?
        if let bassPart {
            guard let (bRoot, bAcc, bRest) = parseRoot(bassPart), bRest.isEmpty else { return nil }
            bass = bRoot + bAcc
        }
        return Chord(root: root, accidental: accidental, quality: String(afterRoot), bass: bass)
    }

    private static func parseRoot(_ text: Substring) -> (String, String, Substring)? {
        guard let first = text.first, "ABCDEFGH".contains(first) else { return nil }
        var rest = text.dropFirst()
        var accidental = ""
        if let a = rest.first, a == "#" || a == "b" || a == "♯" || a == "♭" {
            // "Cb" is C-flat, but "Cbm" is still C-flat minor: a flat sign right after the root is
            // always an accidental.
            accidental = a == "♯" ? "#" : a == "♭" ? "b" : String(a)
            rest = rest.dropFirst()
        }
        return (String(first), accidental, rest)
    }

    /// Quality and extension words, longest first so `maj` wins over `m`.
    private static let qualityTokens = ["maj", "min", "dim", "aug", "sus", "add", "alt", "Maj", "M", "m",
                                        "+", "-", "°", "ø", "Δ", "o", "b", "#", "♭", "♯", "(", ")", ","]

    private static func isQuality(_ text: Substring) -> Bool {
        var rest = text
        while !rest.isEmpty {
            if let d = rest.first, d.isASCII, d.isNumber {
                rest = rest.dropFirst()
                continue
            }
            guard let token = qualityTokens.first(where: { rest.hasPrefix($0) }) else { return false }
            rest = rest.dropFirst(token.count)
        }
        return true
    }
}

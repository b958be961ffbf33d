extension Chord {
    /// Parses a chord symbol: root `A`–`G` (or German `H`, which is B), optional `#`/`b`, a quality made of known parts
    /// (`m`, `maj7`, `sus4`, `add9`, `dim`, `aug`, `m7b5`, ...), optional `/bass`; or `N.C.`.
    /// Anything else is not a chord, so `[Refrain]` or `[Amen]` stays text.
    public static func parse(_ text: String) -> Chord? {
        if text == "N.C." || text == "NC" { return .noChord }
        var rest = Substring(text)
        // The slash found among the UTF-8 bytes: a search by Character would break the whole
        // symbol into grapheme clusters first, for every chord of every song.
        let (mainPart, bassPart): (Substring, Substring?) = {
            if let slash = rest.utf8.lastIndex(of: UInt8(ascii: "/")) {
                return (rest[..<slash], rest[rest.utf8.index(after: slash)...])
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
        // Scalars, not Characters: a chord is a few ASCII letters, and grapheme breaking was most
        // of the cost of parsing 500,000 chords in a large library. A combining mark after the
        // root is left in the rest, which no quality token matches, as before.
        let scalars = text.unicodeScalars
        guard let first = scalars.first, "ABCDEFGH".unicodeScalars.contains(first) else { return nil }
        var rest = scalars.dropFirst()
        var accidental = ""
        if let a = rest.first, a == "#" || a == "b" || a == "♯" || a == "♭" {
            // "Cb" is C-flat, but "Cbm" is still C-flat minor: a flat sign right after the root is
            // always an accidental.
            accidental = a == "♯" ? "#" : a == "♭" ? "b" : String(a)
            rest = rest.dropFirst()
        }
        return (String(first), accidental, Substring(rest))
    }

    /// Quality and extension words, longest first so `maj` wins over `m`, as UTF-8.
    private static let qualityTokens: [[UInt8]] = ["maj", "min", "dim", "aug", "sus", "add", "alt", "Maj", "M", "m",
                                                   "+", "-", "°", "ø", "Δ", "o", "b", "#", "♭", "♯", "(", ")", ","].map { Array($0.utf8) }

    private static func isQuality(_ text: Substring) -> Bool {
        var text = text // native strings are contiguous: read in place, not copied into an array
        return text.withUTF8(isQuality)
    }

    private static func isQuality(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        next: while i < bytes.count {
            if bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") {
                i += 1
                continue
            }
            for token in qualityTokens where bytes.count - i >= token.count {
                if UnsafeBufferPointer(rebasing: bytes[i..<(i + token.count)]).elementsEqual(token) {
                    i += token.count
                    continue next
                }
            }
            return false
        }
        return true
    }
}

import LecternModel

/// An OpenLyrics `<chord>` in either style — `name="Am7"` (0.8) or `root="A" structure="min7"
/// bass="G"` (0.9) — in the song's `chordNotation`, as a chord of Lectern's one grammar.
enum OpenLyricsChord {
    enum Notation {
        case english, german, neoLatin

        /// `chordNotation` on `<song>`: `german` and `hungarian` write B♭ as B and B as H;
        /// `neo-latin` writes Do, Re, Mi.
        init(_ attribute: String?) {
            switch attribute?.lowercased() {
            case "german", "hungarian", "dutch": self = .german
            case "neo-latin": self = .neoLatin
            default: self = .english
            }
        }
    }

    /// Why a `<chord>` could not be read.
    struct Unreadable: Error {
        var reason: String
        /// What is shown instead, if anything.
        var fallback: Chord?
        init(_ reason: String, fallback: Chord? = nil) {
            self.reason = reason
            self.fallback = fallback
        }
    }

    /// The chord, or why it could not be read.
    static func chord(_ element: XMLElement, notation: Notation) -> Result<Chord, Unreadable> {
        if let name = element.attributes["name"] {
            // A name the grammar does not know is still a chord the author placed: shown as written.
            guard let parsed = Chord.parse(name.trimmingWhitespace()) else { return .success(.annotation(name.trimmingWhitespace())) }
            var chord = parsed
            if notation == .german { chord = german(chord) }
            return .success(chord)
        }
        guard let rootText = element.attributes["root"], let (root, accidental) = note(rootText, notation: notation) else {
            return .failure(Unreadable("a <chord> needs a name or a root such as root=\"G\""))
        }
        var chord = Chord(root: root, accidental: accidental)
        if let structure = element.attributes["structure"], !structure.isEmpty {
            guard let quality = quality(structure) else {
                return .failure(Unreadable("chord structure '\(structure)' is not understood; only its root \(root + accidental) is shown",
                                            fallback: chord))
            }
            chord.quality = quality
        }
        if let bassText = element.attributes["bass"] {
            guard let (b, bAcc) = note(bassText, notation: notation) else { return .failure(Unreadable("'\(bassText)' is not a bass note")) }
            chord.bass = b + bAcc
        }
        return .success(chord)
    }

    /// A note name in the song's notation → an English letter and accidental.
    private static func note(_ text: String, notation: Notation) -> (String, String)? {
        var name = text.trimmingWhitespace()
        if notation == .neoLatin {
            for (latin, letter) in neoLatin where name.lowercased().hasPrefix(latin) {
                name = letter + name.dropFirst(latin.count)
                break
            }
        }
        guard let parsed = Chord.parse(name), parsed.isPitched, parsed.quality.isEmpty, parsed.bass == nil else { return nil }
        let chord = notation == .german ? german(parsed) : parsed
        return (chord.root == "H" ? "B" : chord.root, chord.accidental)
    }

    private static let neoLatin: [(String, String)] = [("sol", "G"), ("do", "C"), ("re", "D"), ("mi", "E"), ("fa", "F"), ("la", "A"), ("si", "B")]

    /// German letters: H is B, B is B♭.
    private static func german(_ chord: Chord) -> Chord {
        var c = chord
        func fix(_ root: String, _ accidental: String) -> (String, String) {
            if root == "H" { return ("B", accidental) }
            if root == "B" && accidental.isEmpty { return ("B", "b") }
            return (root, accidental)
        }
        (c.root, c.accidental) = fix(c.root, c.accidental)
        if let bass = c.bass, let b = Chord.parse(bass) {
            let (r, a) = fix(b.root, b.accidental)
            c.bass = r + a
        }
        return c
    }

    /// OpenLyrics' structure names and interval lists → a chord quality.
    private static func quality(_ structure: String) -> String? {
        if let named = named[structure] { return named }
        if let intervals = intervals[structure] { return intervals }
        // Names that already are qualities: `sus4`, `add9`, `7`, `maj7`.
        if let parsed = Chord.parse("C" + structure), parsed.bass == nil { return parsed.quality }
        return nil
    }

    private static let named: [String: String] = [
        "major": "", "power": "5", "min": "m", "aug": "aug", "dim": "dim", "dom7": "7", "maj7": "maj7", "min7": "m7",
        "dim7": "dim7", "halfdim7": "m7b5", "minmaj7": "m(maj7)", "augmaj7": "maj7#5", "aug7": "7#5", "maj6": "6",
        "maj6b": "6b", "min6": "m6", "min6b": "mb6", "dom9": "9", "dom9b": "7b9", "maj9": "maj9", "min9": "m9",
        "minmaj9": "m(maj9)", "aug9": "9#5", "halfdim9": "m9b5", "dom11": "11", "min11": "m11", "dom13": "13",
        "min13": "m13", "sus4": "sus4", "sus2": "sus2", "add9": "add9", "dom7sus4": "7sus4",
    ]

    /// Interval lists (`m3-5-m7`): m minor, d diminished, a augmented, a bare number major/perfect.
    private static let intervals: [String: String] = [
        "5": "5", "3-5": "", "m3-5": "m", "3-a5": "aug", "m3-d5": "dim", "3-5-m7": "7", "3-5-7": "maj7",
        "m3-5-m7": "m7", "m3-d5-d7": "dim7", "m3-d5-m7": "m7b5", "m3-5-7": "m(maj7)", "3-a5-7": "maj7#5",
        "3-a5-m7": "7#5", "3-5-6": "6", "m3-5-6": "m6", "3-5-m7-9": "9", "3-5-7-9": "maj9", "m3-5-m7-9": "m9",
        "4-5": "sus4", "2-5": "sus2", "3-5-9": "add9", "4-5-m7": "7sus4", "3-5-m7-m9": "7b9",
    ]
}

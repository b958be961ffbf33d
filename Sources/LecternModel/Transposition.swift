/// Transposition and its spelling policy.
///
/// The reference tools disagree on how a transposed chord is spelled (ChordPro writes sharps
/// going up and flats going down; others use one fixed list). Lectern spells by the target key,
/// as a musician writing the chart out by hand would:
///
/// - a chord's root (and slash bass) keeps its scale degree: the interval above the tonic decides
///   the letter — the diatonic degrees as the key signature spells them, and the five chromatic
///   ones as ♭2, ♭3, ♯4, ♭6, ♭7 (the borrowed chords of popular and church music: ♭VII, ♭VI,
///   ♭III; ♯iv° as a passing chord);
/// - E♯, B♯, C♭, F♭ and double accidentals are written as their plain neighbours (F, C, B, E),
///   as chord charts do;
/// - a key reached by counting semitones is named by its usual name: D♭, E♭, F♯, A♭, B♭ major;
///   C♯, E♭, F♯, G♯, B♭ minor.
///
/// So in F (one flat) the fourth is B♭, in D (two sharps) the third is F♯, and a ♭VII in D is C.
public struct MusicalKey: Hashable, Sendable, CustomStringConvertible {
    /// Index of the tonic's letter in C D E F G A B.
    public var letter: Int
    /// 0 = C … 11 = B.
    public var pitchClass: Int
    public var isMinor: Bool

    public init(letter: Int, pitchClass: Int, isMinor: Bool) {
        self.letter = letter
        self.pitchClass = pitchClass
        self.isMinor = isMinor
    }

    /// `G`, `Em`, `Bb`, `F#m`; a key written as a chord (`Am7`) counts by its root and minor third.
    public static func parse(_ text: String) -> MusicalKey? {
        guard let chord = Chord.parse(text.trimmingWhitespace()), chord.isPitched,
              let letter = Pitch.letterIndex(chord.root), let pc = Pitch.pitchClass(root: chord.root, accidental: chord.accidental)
        else { return nil }
        return MusicalKey(letter: letter, pitchClass: pc, isMinor: chord.isMinorQuality)
    }

    /// The key chords are moved from: the song's `key`, else its first chord (as other
    /// transposers do when a chart names no key).
    public static func songKey(_ key: String?, firstChord: Chord?) -> MusicalKey? {
        key.flatMap(parse) ?? firstChord.flatMap { parse($0.description) }
    }

    /// The key `semitones` away, by its usual name.
    public func transposed(by semitones: Int) -> MusicalKey {
        let pc = Pitch.mod12(pitchClass + semitones)
        let name = (isMinor ? Self.minorNames : Self.majorNames)[pc]
        return MusicalKey(letter: Pitch.letterIndex(String(name.prefix(1)))!, pitchClass: pc, isMinor: isMinor)
    }

    /// Semitones up from this key to `other`, 0...11.
    public func semitones(to other: MusicalKey) -> Int { Pitch.mod12(other.pitchClass - pitchClass) }

    public var description: String {
        Pitch.spell(letter: letter, pitchClass: pitchClass) + (isMinor ? "m" : "")
    }

    /// The usual name of each major and minor key, by pitch class of the tonic.
    static let majorNames = ["C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"]
    static let minorNames = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "G#", "A", "Bb", "B"]

    /// Letter steps above the tonic for each semitone interval: the degree a note is read as.
    /// 1 → ♭2, 3 → ♭3, 6 → ♯4, 8 → ♭6, 10 → ♭7.
    static let degreeSteps = [0, 1, 1, 2, 2, 3, 3, 4, 5, 5, 6, 6]

    /// The name of pitch class `pc` in this key.
    public func spell(_ pc: Int) -> String {
        let interval = Pitch.mod12(pc - pitchClass)
        return Pitch.spell(letter: (letter + Self.degreeSteps[interval]) % 7, pitchClass: pc)
    }
}

/// Letters, pitch classes and accidentals.
public enum Pitch {
    static let letters: [Character] = ["C", "D", "E", "F", "G", "A", "B"]
    static let naturalPitch = [0, 2, 4, 5, 7, 9, 11]

    static func mod12(_ n: Int) -> Int { ((n % 12) + 12) % 12 }

    /// `H` is the German B.
    static func letterIndex(_ root: String) -> Int? {
        root == "H" ? 6 : letters.firstIndex(of: Character(root))
    }

    public static func pitchClass(root: String, accidental: String) -> Int? {
        guard let letter = letterIndex(root) else { return nil }
        return mod12(naturalPitch[letter] + (accidental == "#" ? 1 : accidental == "b" ? -1 : 0))
    }

    /// `pitchClass` written on `letter`; a spelling chord charts avoid (E♯, B♯, C♭, F♭, double
    /// accidentals) becomes the plain neighbour or its single-accidental name.
    static func spell(letter: Int, pitchClass: Int) -> String {
        var offset = mod12(pitchClass - naturalPitch[letter])
        if offset > 6 { offset -= 12 }
        let name = String(letters[letter])
        switch offset {
        case 0: return name
        case 1 where name != "E" && name != "B": return name + "#"
        case -1 where name != "C" && name != "F": return name + "b"
        default:
            // The sharp or flat name on a neighbouring letter, keeping the direction written.
            let names = offset > 0 ? ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
                                   : ["C", "Db", "D", "Eb", "E", "F", "Gb", "G", "Ab", "A", "Bb", "B"]
            return names[pitchClass]
        }
    }
}

extension Chord {
    /// A minor triad at heart: `m`, `m7`, `min`, `m7b5`, `-`; not `maj7`.
    public var isMinorQuality: Bool {
        (quality.hasPrefix("m") && !quality.hasPrefix("maj")) || quality.hasPrefix("-")
    }

    /// The chord moved from `key` to `target` (same scale degree, spelled in the target key).
    /// Annotations and N.C. stay as they are.
    public func transposed(from key: MusicalKey, to target: MusicalKey) -> Chord {
        guard isPitched, let pc = Pitch.pitchClass(root: root, accidental: accidental) else { return self }
        let shift = key.semitones(to: target)
        var moved = self
        let name = target.spell(Pitch.mod12(pc + shift))
        moved.root = String(name.prefix(1))
        moved.accidental = String(name.dropFirst())
        if let bass, let b = Chord.parse(bass), let bpc = Pitch.pitchClass(root: b.root, accidental: b.accidental) {
            moved.bass = target.spell(Pitch.mod12(bpc + shift))
        }
        return moved
    }
}

extension LyricLine {
    /// Every chord of the line moved from `key` to `target`.
    public func transposed(from key: MusicalKey, to target: MusicalKey) -> LyricLine {
        var line = self
        for i in line.segments.indices { line.segments[i].chord = line.segments[i].chord?.transposed(from: key, to: target) }
        return line
    }
}

extension Song {
    /// The key its chords are in: `key:`, else its first chord.
    public var chordKey: MusicalKey? {
        MusicalKey.songKey(metadata.key,
                           firstChord: sections.lazy.flatMap(\.slides).flatMap(\.lines).flatMap(\.segments).compactMap(\.chord).first { $0.isPitched })
    }

    /// The song with every chord moved into `target` (a service's `key:`); itself when its key
    /// is unknown or already `target`.
    public func transposed(to target: MusicalKey) -> Song {
        guard let from = chordKey, from.pitchClass != target.pitchClass || from.letter != target.letter else { return self }
        // A service's `key: B` for an E minor song means B minor.
        let target = MusicalKey(letter: target.letter, pitchClass: target.pitchClass, isMinor: from.isMinor)
        var song = self
        song.sections = sections.map { section in
            var moved = section
            moved.slides = section.slides.map { Slide(lines: $0.lines.map { $0.transposed(from: from, to: target) }) }
            return moved
        }
        if metadata.key != nil { song.metadata.key = target.description }
        return song
    }
}

/// A chord symbol: root, accidental, quality/extensions, optional slash bass; or "no chord"; or
/// a ChordPro annotation (`[*Riff]`), text shown where a chord would be and never transposed.
public struct Chord: Hashable, Sendable, CustomStringConvertible {
    public var root: String      // "A"..."G", or "H" (German B) as written
    public var accidental: String // "", "#", "b"
    public var quality: String    // "m", "7", "maj7", "sus4", "m7b5", ...
    public var bass: String?      // "F#" in D/F#
    public var isNoChord: Bool
    /// The text of an annotation; nil for a chord.
    public var annotation: String?

    public init(root: String, accidental: String = "", quality: String = "", bass: String? = nil) {
        self.root = root
        self.accidental = accidental
        self.quality = quality
        self.bass = bass
        self.isNoChord = false
    }

    public static let noChord: Chord = {
        var c = Chord(root: "")
        c.isNoChord = true
        return c
    }()

    public static func annotation(_ text: String) -> Chord {
        var c = Chord(root: "")
        c.annotation = text
        return c
    }

    /// A chord with a pitch: something transposition moves.
    public var isPitched: Bool { !isNoChord && annotation == nil }

    public var description: String {
        if let annotation { return annotation }
        if isNoChord { return "N.C." }
        return root + accidental + quality + (bass.map { "/" + $0 } ?? "")
    }
}

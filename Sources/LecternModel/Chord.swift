/// A chord symbol: root, accidental, quality/extensions, optional slash bass; or "no chord".
public struct Chord: Hashable, Sendable, CustomStringConvertible {
    public var root: String      // "A"..."G"
    public var accidental: String // "", "#", "b"
    public var quality: String    // "m", "7", "maj7", "sus4", "m7b5", ...
    public var bass: String?      // "F#" in D/F#
    public var isNoChord: Bool

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

    public var description: String {
        if isNoChord { return "N.C." }
        return root + accidental + quality + (bass.map { "/" + $0 } ?? "")
    }
}

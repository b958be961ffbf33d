import LecternModel
import Testing

/// The spelling policy of `MusicalKey` (docs/content-format.md#transposition), checked against
/// the spellings musicians use: the diatonic chords of every major and minor key as the key
/// signatures of the circle of fifths spell them (the table in any theory primer, e.g. the
/// "chords in a key" charts of musictheory.net), the chromatic chords of popular and church
/// music (♭VII, ♭VI, ♭III, ♯iv°), and the worked examples of chord-transposer's README
/// (ddycai/chord-transposer), which spells by target key as Lectern does. ChordPro itself writes
/// sharps going up and flats going down; that is the disagreement this policy settles.
@Suite struct TranspositionTests {
    func transpose(_ chords: String, from: String, to: String) throws -> String {
        let source = try #require(MusicalKey.parse(from)), target = try #require(MusicalKey.parse(to))
        return try chords.split(separator: " ").map { try #require(Chord.parse(String($0))).transposed(from: source, to: target).description }
            .joined(separator: " ")
    }

    static let major: [(String, String)] = [
        ("C", "C Dm Em F G Am Bdim"), ("G", "G Am Bm C D Em F#dim"), ("D", "D Em F#m G A Bm C#dim"),
        ("A", "A Bm C#m D E F#m G#dim"), ("E", "E F#m G#m A B C#m D#dim"), ("B", "B C#m D#m E F# G#m A#dim"),
        // E# is written F, as chord charts do.
        ("F#", "F# G#m A#m B C# D#m Fdim"),
        ("F", "F Gm Am Bb C Dm Edim"), ("Bb", "Bb Cm Dm Eb F Gm Adim"), ("Eb", "Eb Fm Gm Ab Bb Cm Ddim"),
        ("Ab", "Ab Bbm Cm Db Eb Fm Gdim"), ("Db", "Db Ebm Fm Gb Ab Bbm Cdim"),
        // C♭ is written B.
        ("Gb", "Gb Abm Bbm B Db Ebm Fdim"),
    ]

    @Test(arguments: major)
    func diatonicChordsOfEveryMajorKey(_ key: String, _ expected: String) throws {
        #expect(try transpose("C Dm Em F G Am Bdim", from: "C", to: key) == expected)
    }

    static let minor: [(String, String)] = [
        ("Am", "Am Bdim C Dm Em F G E7"), ("Em", "Em F#dim G Am Bm C D B7"), ("Bm", "Bm C#dim D Em F#m G A F#7"),
        ("F#m", "F#m G#dim A Bm C#m D E C#7"), ("C#m", "C#m D#dim E F#m G#m A B G#7"),
        ("G#m", "G#m A#dim B C#m D#m E F# D#7"),
        ("Dm", "Dm Edim F Gm Am Bb C A7"), ("Gm", "Gm Adim Bb Cm Dm Eb F D7"), ("Cm", "Cm Ddim Eb Fm Gm Ab Bb G7"),
        ("Fm", "Fm Gdim Ab Bbm Cm Db Eb C7"), ("Bbm", "Bbm Cdim Db Ebm Fm Gb Ab F7"),
        ("Ebm", "Ebm Fdim Gb Abm Bbm B Db Bb7"),
    ]

    @Test(arguments: minor)
    func naturalMinorChordsAndTheDominantOfEveryMinorKey(_ key: String, _ expected: String) throws {
        #expect(try transpose("Am Bdim C Dm Em F G E7", from: "Am", to: key) == expected)
    }

    @Test func chromaticChordsKeepTheirDegree() throws {
        // ♭VII, ♭VI, ♭III, ♯iv°, and the secondary dominant V/V.
        #expect(try transpose("Bb Ab Eb F#dim D7", from: "C", to: "D") == "C Bb F G#dim E7")
        #expect(try transpose("Bb Ab Eb F#dim D7", from: "C", to: "F") == "Eb Db Ab Bdim G7")
        #expect(try transpose("Bb Ab Eb F#dim D7", from: "C", to: "A") == "G F C D#dim B7")
    }

    @Test func slashBassesExtensionsAndNoChord() throws {
        #expect(try transpose("G/B D/F# Cmaj7 Am7/G Dsus4 Em7b5 Gadd9 N.C.", from: "G", to: "Eb")
            == "Eb/G Bb/D Abmaj7 Fm7/Eb Bbsus4 Cm7b5 Ebadd9 N.C.")
        #expect(try transpose("C#m7/G# F#7(b9)", from: "E", to: "F") == "Dm7/A G7(b9)")
    }

    /// chord-transposer's README examples, same results.
    @Test func workedExamplesOfAnotherTransposer() throws {
        #expect(try transpose("G C Am7 C D7 G", from: "G", to: "F") == "F Bb Gm7 Bb C7 F")
        #expect(try transpose("G C Am7 C D7 G", from: "G", to: "Eb") == "Eb Ab Fm7 Ab Bb7 Eb")
        #expect(try transpose("A Bmaj CM Dm/F E7/G# Gsus4", from: "A", to: "F") == "F Gmaj AbM Bbm/Db C7/E Ebsus4")
        #expect(try transpose("Fm C Ab", from: "Fm", to: "Dm") == "Dm A F")
    }

    @Test func keysReachedBySemitonesHaveTheirUsualNames() throws {
        let g = try #require(MusicalKey.parse("G"))
        #expect((1...12).map { g.transposed(by: $0).description } == ["Ab", "A", "Bb", "B", "C", "Db", "D", "Eb", "E", "F", "F#", "G"])
        let em = try #require(MusicalKey.parse("Em"))
        #expect((1...12).map { em.transposed(by: $0).description } == ["Fm", "F#m", "Gm", "G#m", "Am", "Bbm", "Bm", "Cm", "C#m", "Dm", "Ebm", "Em"])
        #expect(try #require(MusicalKey.parse("A")).transposed(by: -2).description == "G")
    }

    @Test func germanHIsB() throws {
        let h7 = try #require(Chord.parse("H7"))
        #expect(h7.description == "H7")
        #expect(h7.transposed(from: try #require(MusicalKey.parse("E")), to: try #require(MusicalKey.parse("F"))).description == "C7")
    }
}

import LecternModel
import Testing

@Suite struct ChordTests {
    @Test(arguments: ["G", "Am", "F#m7", "Bb", "Cmaj7", "Dsus4", "Eadd9", "Bdim", "Caug", "Bm7b5", "D/F#", "G7/B", "Ebmaj7/G", "C(add9)", "N.C.", "H7",
                         "C°7", "Bø", "CΔ7", "Am7♭5", "C7♯9", "Fmaj7#11"])
    func chordsParseAndPrintBack(_ text: String) throws {
        let chord = try #require(Chord.parse(text))
        #expect(chord.description == text)
    }

    @Test(arguments: ["Refrain", "Amen", "Hallelujah", "x", "", "G/", "Cmajor", "2x", "Dad", "Am\u{0301}", "C7\u{0301}", "Cé", "E♪"])
    func wordsAreNotChords(_ text: String) {
        #expect(Chord.parse(text) == nil)
    }

    @Test(arguments: [("F♯m", "F#m"), ("B♭", "Bb"), ("E♭maj7/B♭", "Ebmaj7/Bb")])
    func signAccidentalsAreWrittenAsLetters(_ text: String, _ printed: String) throws {
        #expect(try #require(Chord.parse(text)).description == printed)
    }

    @Test func partsAreSeparated() throws {
        let c = try #require(Chord.parse("C#m7/G#"))
        #expect(c.root == "C")
        #expect(c.accidental == "#")
        #expect(c.quality == "m7")
        #expect(c.bass == "G#")
    }
}

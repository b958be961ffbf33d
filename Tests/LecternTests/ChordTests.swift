import LecternModel
import Testing

@Suite struct ChordTests {
    @Test(arguments: ["G", "Am", "F#m7", "Bb", "Cmaj7", "Dsus4", "Eadd9", "Bdim", "Caug", "Bm7b5", "D/F#", "G7/B", "Ebmaj7/G", "C(add9)", "N.C.", "H7"])
    func chordsParseAndPrintBack(_ text: String) throws {
        let chord = try #require(Chord.parse(text))
        #expect(chord.description == text)
    }

    @Test(arguments: ["Refrain", "Amen", "Hallelujah", "x", "", "G/", "Cmajor", "2x", "Dad"])
    func wordsAreNotChords(_ text: String) {
        #expect(Chord.parse(text) == nil)
    }

    @Test func partsAreSeparated() throws {
        let c = try #require(Chord.parse("C#m7/G#"))
        #expect(c.root == "C")
        #expect(c.accidental == "#")
        #expect(c.quality == "m7")
        #expect(c.bass == "G#")
    }
}

import Foundation
import LecternLoad
import LecternModel
import LecternParse
import Testing

/// ChordPro and OpenLyrics songs parsed into the same model as Markdown ones. The files are in
/// Tests/Fixtures/songs; the rules come from bugs other tools' users reported (issue 5).
@Suite struct SongFormatTests {
    let parser = SongParser(sectionNames: SectionNames(localized: [(.chorus, "פזמון"), (.verse, "בית")]), allowHTML: false)

    func parse(_ name: String, bytes: [UInt8]? = nil) throws -> (Song, [Diagnostic]) {
        let data = try bytes ?? Array(Data(contentsOf: URL(fileURLWithPath: TestSite.repositoryRoot + "/Tests/Fixtures/songs/" + name)))
        var diagnostics = Diagnostics()
        let song = try #require(parser.parse(data, path: "Content/songs/" + name, diagnostics: &diagnostics),
                                "\(diagnostics.all)")
        #expect(!diagnostics.hasErrors, "\(diagnostics.all)")
        return (song, diagnostics.all)
    }

    func chords(_ section: SongSection) -> [String] {
        section.slides.flatMap { $0.lines.flatMap { $0.segments.compactMap { $0.chord?.description } } }
    }

    @Test func aFilesFormatIsToldByTheExtensionOfItsName() {
        #expect(SongFormat.of(path: "Content/songs/hymns/grace.MD") == .markdown)
        #expect(SongFormat.of(path: "Content/songs/grace.chordpro") == .chordPro)
        #expect(SongFormat.of(path: "Content/songs/v1.2/grace.xml") == .openLyrics)
        #expect(SongFormat.of(path: "Content/songs/notes.md/readme") == nil, "a folder's dot is not the file's")
        #expect(SongFormat.of(path: "Content/songs/.md") == nil)
        #expect(SongFormat.of(path: "Content/songs/grace.txt") == nil)
        #expect(SiteLoader.isMarkdown("2026/easter.markdown"))
        #expect(!SiteLoader.isMarkdown("md"), "a name without a dot has no extension")
        #expect(!SiteLoader.isMarkdown("drafts.md/plan"))
    }

    // MARK: ChordPro

    @Test func everyChordProDirectiveOfTheSpecFillsTheModel() throws {
        let (song, warnings) = try parse("every-directive.cho")
        let m = song.metadata
        #expect(song.id == "every-directive")
        #expect(m.title == "Lanterns in the Harbour")
        #expect(m.alternateTitles == ["Harbour Song"])
        #expect(m.artist == "The Tide Singers")
        #expect(m.authors == ["Ada Marsh", "Ben Ward"])
        #expect(m.album == "Night Crossings")
        #expect([m.key, m.capo, m.tempo, m.time, m.ccli, m.copyright, m.language] == ["G", "2", "84", "6/8", "7654321", "2024 Tideworks", "en"])
        #expect(m.tags == ["harbour"])
        #expect(song.sections.map(\.id) == ["v1", "c", "v2", "b"])
        #expect(song.sections[0].label == "Verse 1")
        #expect(song.sections[1].label == "", "an unlabelled chorus is named by the page's locale")
        // {chorus} sings the chorus again: the order says so.
        #expect(m.order == ["v1", "c", "v2", "c", "b"])
        // Two paragraphs in a section are two slides; the tab block is not lyrics.
        #expect(song.sections[0].slides.count == 2)
        #expect(chords(song.sections[0]) == ["G", "C", "D/F#", "G", "Em", "Riff", "N.C.", "G"])
        let riff = song.sections[0].slides[0].lines[1].segments[1].chord
        #expect(riff?.annotation == "Riff" && riff?.isPitched == false)
        #expect(chords(song.sections[3]) == ["Am7", "Dsus4"])
        #expect(song.sections.allSatisfy { !$0.slides.flatMap(\.lines).map(\.plainText).joined().contains("e|--") })
        // Comments are for the musicians, never lyrics; an unknown directive is a located warning.
        #expect(!song.sections.flatMap(\.slides).flatMap(\.lines).map(\.plainText).joined().contains("gentle"))
        #expect(warnings.map(\.description) == ["Content/songs/every-directive.cho:46:1: warning: unknown directive {unknown_thing}; it is left out"])
    }

    @Test func sectionsMarkedByCommentsAndRecalledChorusAndTranspose() throws {
        let (song, _) = try parse("comment-sections.cho")
        #expect(song.sections.map(\.id) == ["v1", "c", "v2", "v3"])
        #expect(song.sections.map(\.label) == ["Verse 1", "Chorus", "Verse 2", ""])
        #expect(song.sections[0].slides[0].lines.count == 2)
        // `{c: Chorus}` standing alone repeats the chorus.
        #expect(song.metadata.order == ["v1", "c", "v2", "c", "v3"])
        // {transpose: +2} from D: E and B/D#, spelled in E; `{transpose}` returns to D.
        #expect(chords(song.sections[3]) == ["E", "B/D#", "D"])
    }

    @Test func hebrewChordProKeepsItsLanguageAndLocalizedSectionNames() throws {
        let (song, _) = try parse("hebrew.cho")
        #expect(song.metadata.language == "he")
        #expect(song.sections.map(\.id) == ["c", "v1"])
        #expect(song.sections[0].label == "פזמון")
        #expect(song.sections[0].slides[0].lines[0].plainText == "הנה מה טוב ומה נעים")
        #expect(chords(song.sections[0]) == ["Dm", "Gm", "A7"])
    }

    @Test func crlfByteOrderMarkAndLatin1AreReadNotGarbled() throws {
        let text = "{title: Caf\u{E9} Song}\r\n{soc}\r\n[G]Caf\u{E9} au [D]lait\r\n{eoc}\r\n"
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        let (song, warnings) = try parse("crlf.cho", bytes: bytes)
        #expect(song.metadata.title == "Café Song")
        #expect(song.sections[0].slides[0].lines[0].plainText == "Café au lait")
        #expect(warnings.isEmpty)

        // The same file saved as Windows-1252: é is the single byte 0xE9, ’ is 0x92.
        bytes = Array("{title: Caf".utf8) + [0xE9] + Array(" Song}\n[G]It".utf8) + [0x92] + Array("s here\n".utf8)
        let (latin, latinWarnings) = try parse("latin1.cho", bytes: bytes)
        #expect(latin.metadata.title == "Café Song")
        #expect(latin.sections[0].slides[0].lines[0].plainText == "It\u{2019}s here")
        #expect(latinWarnings.map(\.description) == [
            "Content/songs/latin1.cho:1:1: warning: file is not UTF-8; it was read as Windows-1252 (Western European) — save it as UTF-8 if its letters look wrong",
        ])
    }

    @Test func inlineMarkupBecomesEmphasisAndOtherTagsAreDropped() throws {
        let (song, _) = try parse("markup.cho", bytes: Array("{title: M}\n<b>Loud</b> and <i>soft [G]words</i> <span color=\"red\">red</span> 3 < 4\n".utf8))
        let line = song.sections[0].slides[0].lines[0]
        #expect(line.plainText == "Loud and soft words red 3 < 4")
        #expect(line.segments[0].lyric.first == StyledText("Loud", styles: [.strong]))
        #expect(line.segments[1].lyric.first == StyledText("words", styles: [.emphasis]))
    }

    @Test func aFileWithoutTitleOrWithStrayDirectivesStillBuildsWithLocatedWarnings() throws {
        let (song, warnings) = try parse("untitled.cho", bytes: Array("{chorus}\n{start_of_abc}\nX:1\nline\n".utf8))
        #expect(song.metadata.title == "untitled")
        #expect(song.sections.isEmpty)
        #expect(warnings.map(\.description) == [
            "Content/songs/untitled.cho:1:1: warning: {chorus} comes before any chorus; there is nothing to repeat",
            "Content/songs/untitled.cho:2:1: warning: {start_of_abc} is never ended; the rest of the file was left out",
            "Content/songs/untitled.cho:1:1: warning: no {title: …} directive; the file name is used as the title",
        ])
    }

    @Test func aLabelAboveASectionDirectiveOnlyNamesItAndALabelledParagraphEndsAtTheBlankLine() throws {
        let text = """
        {title: T}
        {key: C}
        {transpose: 2f}
        {c: Chorus}
        {soc}
        [C]Sing
        {eoc}
        {c: Chorus}
        {c: Bridge}
        [F]Over

        [C]A verse after it
        {start_of_intro}
        [G]Hum
        {end_of_intro}
        """
        let (song, warnings) = try parse("labels.cho", bytes: Array(text.utf8))
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(song.sections.map(\.id) == ["c", "b", "v1", "i"])
        #expect(song.metadata.order == ["c", "c", "b", "v1", "i"])
        // An intro named by its directive only is named in the page's language, like a chorus.
        #expect(song.sections[3].label == "")
        // `2f` is +2 (Lectern spells by the key); the transposition before the lyrics moves the key.
        #expect(chords(song.sections[0]) == ["D"])
        #expect(song.metadata.key == "D")
    }

    // MARK: OpenLyrics

    @Test func openLyricsPropertiesOrderAndBothChordStyles() throws {
        let (song, warnings) = try parse("both-chord-styles.xml")
        #expect(warnings.isEmpty, "\(warnings)")
        let m = song.metadata
        #expect(m.title == "Harbour Evening" && m.alternateTitles == ["Evening Song"])
        #expect(m.authors == ["Ada Marsh", "Ben Ward"])
        #expect([m.copyright, m.ccli, m.key, m.tempo, m.time, m.language] == ["2023 Tideworks", "1234567", "D", "72", "3/4", "en"])
        #expect(m.tags == ["Evening"])
        #expect(song.notesHTML.contains("Slow and quiet."))
        // verseOrder with repeats is the song's order.
        #expect(m.order == ["v1", "c", "v2", "c", "c"])
        // Both <lines> of v1 are read, each a slide; <br/> breaks lines; <comment> is not lyrics.
        #expect(song.sections[0].slides.count == 2)
        #expect(song.sections[0].slides[0].lines.map(\.plainText) == ["Evening falls on the bay", "Lamps are lit"])
        #expect(chords(song.sections[0]) == ["D", "G/B", "A7", "Bm7", "Fsus4/C#"])
        // A chord inside a formatting tag keeps both; the 0.9 chord around text starts its segment.
        let chorus = song.sections[1].slides[0].lines[0]
        #expect(chorus.plainText == "Rest now, rest now")
        #expect(chorus.segments.map { $0.chord?.description } == ["G", "D/F#"])
        #expect(chorus.segments[1].lyric.first == StyledText("rest", styles: [.emphasis]))
        #expect(chords(song.sections[2]) == ["D7", "Em"])
    }

    @Test func aVerseInSeveralLanguagesShowsTheSongsOwnWithTheOthersAsTranslations() throws {
        let (song, _) = try parse("hebrew-translations.xml")
        #expect(song.metadata.language == "he")
        #expect(song.metadata.title == "שלום עליכם")
        #expect(song.metadata.alternateTitles == ["Shalom Aleichem", "Peace Be Upon You"])
        #expect(song.sections.map(\.id) == ["v1", "v2"])
        #expect(song.metadata.order == ["v1", "v2", "v1"])
        let first = song.sections[0].slides[0].lines[0]
        #expect(first.plainText == "שָׁלוֹם עֲלֵיכֶם")
        #expect(first.translations == [LyricTranslation(language: "he-Latn", text: "Shalom aleichem"),
                                       LyricTranslation(language: "en", text: "Peace be upon you")])
        #expect(song.sections[1].slides[0].lines[0].translations.isEmpty)
    }

    @Test func aSongThatTransposesItselfMovesItsKeyAndTranslationsThatDoNotLineUpAreReported() throws {
        let xml = """
        <song xml:lang="en"><properties><titles><title>T</title></titles><key>G</key><transposition>2</transposition></properties>
        <lyrics><verse name="v1" lang="en"><lines><chord name="G"/>One<br/><chord name="D"/>Two</lines></verse>
        <verse name="v1" lang="de"><lines>Eins</lines></verse></lyrics></song>
        """
        let (song, warnings) = try parse("moved.xml", bytes: Array(xml.utf8))
        #expect(song.metadata.key == "A")
        #expect(chords(song.sections[0]) == ["A", "E"])
        #expect(song.sections[0].slides[0].lines[0].translations == [LyricTranslation(language: "de", text: "Eins")])
        #expect(warnings.map(\.message) == ["verse 'v1' in de has 1 lines in 1 groups where the song's own has 2 in 1; they are paired in order"])
    }

    @Test func germanNotationReadsHAsBAndBAsBFlat() throws {
        let (song, _) = try parse("german-notation.xml")
        #expect(chords(song.sections[0]) == ["Bm", "Bb", "B7"])
    }

    @Test func brokenXMLIsALocatedErrorNotACrash() {
        var diagnostics = Diagnostics()
        let song = parser.parse(Array("<song><properties>\n<titles><title>X</titles>".utf8), path: "Content/songs/broken.xml",
                                diagnostics: &diagnostics)
        #expect(song == nil)
        #expect(diagnostics.errors.count == 1)
        #expect(diagnostics.errors.first?.description.hasPrefix("Content/songs/broken.xml:2:") == true)

        var other = Diagnostics()
        #expect(parser.parse(Array("<html><body/></html>".utf8), path: "Content/songs/page.xml", diagnostics: &other) == nil)
        #expect(other.errors.map(\.message) == ["not an OpenLyrics song: the document element is <html>, not <song>"])
    }

    @Test func anOrderNamingCFindsC1AndAnUnknownVerseIsAWarning() throws {
        let xml = """
        <song><properties><titles><title>T</title></titles><verseOrder>v1 c v9</verseOrder></properties>
        <lyrics><verse name="v1"><lines>a</lines></verse><verse name="c1"><lines>b</lines></verse></lyrics></song>
        """
        let (song, warnings) = try parse("order.xml", bytes: Array(xml.utf8))
        #expect(song.metadata.order == ["v1", "c1"])
        #expect(warnings.map(\.message) == ["verseOrder names 'v9', but the song has no such verse (it has: v1, c1)"])
    }
}

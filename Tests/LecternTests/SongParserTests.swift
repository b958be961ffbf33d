import LecternModel
import LecternParse
import Testing

@Suite struct SongParserTests {
    let parser = MarkdownSongParser(sectionNames: SectionNames(localized: [(.verse, "בית"), (.chorus, "פזמון")]), allowHTML: false)

    func parse(_ text: String, path: String = "Content/songs/test-song.md") -> (Song?, Diagnostics) {
        var d = Diagnostics()
        let song = parser.parse(sourceFile(path, text), diagnostics: &d)
        return (song, d)
    }

    /// An order's `c` finds a chorus the file calls `c1` and the other way round, as the slides
    /// do; a name that matches nothing is a warning at the order.
    @Test func anOrderMayNameTheChorusWithOrWithoutItsNumber() throws {
        let (_, fine) = parse("---\ntitle: T\norder: [v1, c, v1, c2]\n---\n## Verse 1\na\n\n## Chorus 1\nb\n\n## Chorus 2\nc\n")
        #expect(fine.all.isEmpty, "\(fine.all)")
        let (_, warned) = parse("---\ntitle: T\norder: [v1, x]\n---\n## Verse 1\na\n\n## Chorus\nb\n")
        #expect(warned.warnings.map(\.description) == ["Content/songs/test-song.md:3:8: warning: order names 'x', but the song has no such section (it has: v1, c)"])
    }

    @Test func sectionsGetTheirIds() throws {
        let (song, d) = parse("""
        ---
        title: T
        ---
        ## Verse 1
        a

        ## Chorus
        b

        ## Verse 2
        c

        ## Chorus 2
        d

        ## Pre-Chorus
        e

        ## Bridge
        f

        ## Refrain {#r}
        g

        ## Ending
        h

        ## Something Else
        i
        """)
        #expect(try #require(song).sections.map(\.id) == ["v1", "c", "v2", "c2", "p", "b", "r", "e", "something-else"])
        #expect(song?.sections[6].label == "Refrain")
        #expect(!d.hasErrors)
    }

    @Test func hebrewHeadingsAreRecognisedOrGetNonEmptyUniqueIds() throws {
        let (song, _) = parse("""
        ---
        title: הנה מה טוב
        language: he
        ---
        ## בית 1
        א

        ## פזמון
        ב

        ## קטע מיוחד
        ג

        ## קטע מיוחד
        ד
        """)
        let ids = try #require(song).sections.map(\.id)
        #expect(ids[0] == "v1")
        #expect(ids[1] == "c")
        #expect(!ids[2].isEmpty && Slug.isValid(ids[2]))
        #expect(Set(ids).count == ids.count)
    }

    @Test func paragraphsAreSlidesAndLinesKeepTheirBreaks() throws {
        let (song, _) = parse("---\ntitle: T\n---\n## Verse 1\nline one\nline two\n\nline three\n")
        let v1 = try #require(song?.sections.first)
        #expect(v1.slides.count == 2)
        #expect(v1.slides[0].lines.map(\.plainText) == ["line one", "line two"])
        #expect(v1.slides[1].lines.map(\.plainText) == ["line three"])
    }

    @Test func chordsComeFromTextNodesAndSplitSegments() throws {
        let (song, d) = parse("---\ntitle: T\n---\n## Verse 1\n[G]Amazing [G7]grace, how [C]sweet [Refrain] the [D/F#]sound\n")
        let line = try #require(song?.sections.first?.slides.first?.lines.first)
        #expect(line.segments.map { $0.chord?.description } == ["G", "G7", "C", "D/F#"])
        #expect(line.segments.map(\.plainText) == ["Amazing ", "grace, how ", "sweet [Refrain] the ", "sound"])
        #expect(d.warnings.contains { $0.message == "'[Refrain]' is not a chord; it is shown as text" && $0.location.line == 5 })
    }

    /// Brackets are found between Hebrew letters with points, where a Character is several
    /// scalars; a chord may stand right before a combining point's letter.
    @Test func chordsSplitHebrewWithPoints() throws {
        let (song, _) = parse("---\ntitle: T\n---\n## בית 1\n[Am]הִנֵּה מַה [F]ט[C]וֹב\n")
        let line = try #require(song?.sections.first?.slides.first?.lines.first)
        #expect(line.segments.map { $0.chord?.description } == ["Am", "F", "C"])
        #expect(line.segments.map(\.plainText) == ["הִנֵּה מַה ", "ט", "וֹב"])
    }

    @Test func notesMayRunSeveralLinesAndWhiteSpaceIsNoNotes() throws {
        let (song, _) = parse("---\ntitle: T\n---\nFirst line\nsecond line\n## Verse 1\nla\n")
        #expect(song?.notesHTML == "<p dir=\"auto\">First line\nsecond line</p>\n")
        #expect(parse("---\ntitle: T\n---\n  \n\n## Verse 1\nla\n").0?.notesHTML == "")
        #expect(parse("---\ntitle: T\n---\nOnly notes, no sections\n").0?.notesHTML == "<p dir=\"auto\">Only notes, no sections</p>\n")
    }

    @Test func emphasisIsKeptInsideLyrics() throws {
        let (song, _) = parse("---\ntitle: T\n---\n## Verse 1\nIt is [C]*well* with my **soul**\n")
        let segs = try #require(song?.sections.first?.slides.first?.lines.first?.segments)
        #expect(segs[1].lyric.first == StyledText("well", styles: [.emphasis]))
        #expect(segs[1].lyric.last == StyledText("soul", styles: [.strong]))
    }

    @Test func textBeforeTheFirstHeadingIsNotes() throws {
        let (song, _) = parse("---\ntitle: T\n---\nSing *slowly*.\n\n## Verse 1\nla\n")
        #expect(song?.notesHTML == "<p dir=\"auto\">Sing <em>slowly</em>.</p>\n")
        #expect(song?.sections.count == 1)
    }

    @Test func rawHTMLAndJavascriptLinksAreDroppedFromNotes() throws {
        let (song, _) = parse("---\ntitle: T\n---\n<script>alert(1)</script>\n\n[x](javascript:alert(1))\n")
        let notes = try #require(song?.notesHTML)
        #expect(!notes.contains("<script>"))
        #expect(!notes.contains("javascript:"))
    }

    @Test func anEmptySongBuilds() throws {
        let (song, d) = parse("---\ntitle: Coming Soon\n---\n")
        #expect(song?.sections.isEmpty == true)
        #expect(!d.hasErrors)
    }

    @Test func missingTitleIsAnErrorAtTheFile() {
        let (song, d) = parse("---\nkey: G\n---\n## Verse 1\nla\n", path: "Content/songs/untitled.md")
        #expect(song == nil)
        #expect(d.errors.map(\.description) == ["Content/songs/untitled.md:2:1: error: a song needs a title: add `title: ...` to its front matter"])
    }

    @Test func idComesFromFieldOrFileName() throws {
        #expect(parse("---\ntitle: T\n---\n", path: "Content/songs/sub/My Song.md").0?.id == "my-song")
        #expect(parse("---\ntitle: T\nid: custom\n---\n").0?.id == "custom")
        let (_, d) = parse("---\ntitle: T\nid: Not Valid\n---\n")
        #expect(d.errors.first?.message.contains("must be lower-case") == true)
    }

    @Test func orderNamingAMissingSectionWarns() {
        let (_, d) = parse("---\ntitle: T\norder: [v1, c]\n---\n## Verse 1\nla\n")
        #expect(d.warnings.contains { $0.message.hasPrefix("order names 'c'") && $0.location.line == 3 })
    }
}

@Suite struct SongParserEdgeTests {
    let parser = MarkdownSongParser(sectionNames: SectionNames(), allowHTML: false)

    @Test func escapedBracketsStayText() throws {
        var d = Diagnostics()
        let song = parser.parse(sourceFile("Content/songs/e.md", "---\ntitle: E\n---\n## Verse 1\nSing \\[G\\] here [C]now\n"), diagnostics: &d)
        let line = try #require(song?.sections.first?.slides.first?.lines.first)
        #expect(line.segments.map { $0.chord?.description } == [nil, "C"])
        #expect(line.plainText == "Sing [G] here now")
    }

    @Test func anInvalidExplicitIdWarns() {
        var d = Diagnostics()
        let song = parser.parse(sourceFile("Content/songs/e.md", "---\ntitle: E\n---\n## Refrain {#Chorus}\nla\n"), diagnostics: &d)
        #expect(song?.sections.first?.id == "refrain-chorus")
        #expect(d.warnings.contains { $0.location.line == 4 && $0.message.contains("section id in {#...}") })
    }
}

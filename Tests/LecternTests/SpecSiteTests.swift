import Foundation
import Testing

/// Builds `Tests/Fixtures/spec-site`, a site written by someone else strictly against
/// shared/spec/content-format.md, and checks what its pages show, value by value. Every expected
/// value below was worked out by hand from the fixture's files, not from Lectern's output.
@Suite struct SpecSiteTests {
    static let fixture = TestSite.repositoryRoot + "/Tests/Fixtures/spec-site"
    static let buildDate = "2026-11-22"

    /// A fresh copy of the fixture in a throwaway folder.
    static func site() throws -> TestSite {
        let site = try TestSite()
        try FileManager.default.copyItem(atPath: fixture + "/Content", toPath: site.root + "/Content")
        return site
    }

    /// A fresh copy, built with `--date`; the build must succeed, and its one warning is the
    /// fixture's deliberate `[Bridge]`.
    static func built(_ extra: [String] = []) throws -> TestSite {
        let site = try site()
        let result = site.build(extra, date: buildDate)
        try #require(result.status == 0, "build failed: \(result.stderr)")
        #expect(result.stderr == "Content/songs/hymns/lanterns-on-the-shore.md:37:1: warning: '[Bridge]' is not a chord; it is shown as text")
        return site
    }

    static func page(_ site: TestSite, _ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try #require(site.read("Output/" + path), "missing Output/\(path)", sourceLocation: sourceLocation)
    }

    // MARK: - Songs

    @Test func englishSongShowsEverySectionInDocumentOrderWithItsChords() throws {
        let site = try Self.built()
        let html = try Self.page(site, "songs/lanterns-on-the-shore/index.html")
        let sections = HTMLText.sections(html)
        #expect(sections.map(\.id) == ["v1", "c", "v2", "p", "b", "e"])
        #expect(sections.map(\.label) == ["Verse 1", "Refrain", "Verse 2", "Pre-Chorus", "Bridge", "Outro"])
        #expect(sections.map(\.slides) == [
            [["{G}Lanterns on the {C}shore to{G}night,", "<em>Burning</em> {Em}low and {D}burning bright"],
             ["{G}Every window {C}holds a {G}flame,", "{Em}Calling {D}every {G}name"]],
            [["{C}Hold the {G}light, {D}hold the {Em}light,", "<strong>Carry</strong> it {C}home {D}tonight {G}"]],
            [["{G}When the {C}tide runs {G}cold and far,", "[Bridge] we will {D}follow every {G}star"]],
            [["{Am}Slowly, {D}slowly"]],
            [["{Am7}Even the {D/F#}dark is {G}not too {Gmaj7}deep", "{N.C.}Hush now"]],
            [["{G}Amen, {Csus4}a{C}men"]],
        ])
        // `[Bridge]` is not a chord: it stays in the lyric and never becomes a chord symbol.
        #expect(!html.contains("<bdi>Bridge</bdi>"))
        #expect(html.contains("<div class=\"lyrics\" dir=\"ltr\" lang=\"en\">"))
    }

    @Test func englishSongShowsItsNotesAndEveryFrontMatterField() throws {
        let site = try Self.built()
        let html = try Self.page(site, "songs/lanterns-on-the-shore/index.html")
        #expect(HTMLText.title(html) == "Lanterns on the Shore · Riverside Fellowship")
        #expect(HTMLText.visible(HTMLText.element(html, "<h1") ?? "") == "Lanterns on the Shore")
        #expect(HTMLText.visible(HTMLText.element(html, "<p class=\"alternate-titles\"") ?? "")
            == "Also known as: The Lantern Song, Shoreline Hymn")
        #expect(HTMLText.visible(HTMLText.element(html, "<dl class=\"song-meta\"") ?? "") == [
            "Words and music Miriam Hale, Tom Okafor", "Artist The Harbor Choir", "Album Songs of the Harbor · Track 2",
            "Tempo 84", "Time 6/8", "Order V1 C V2 P C B C E", "Tags evening, light",
        ].joined(separator: " "))
        // The bar at the top: the key, and the capo with the key its shapes are played in (G
        // with capo 2 is played as F).
        #expect(HTMLText.visible(HTMLText.element(html, "<p class=\"song-bar-facts\"") ?? "") == "Key G Capo 2 (plays in F)")

        // Notes: the text before the first heading, with its emphasis, on the page but not in the lyrics.
        let notes = try #require(HTMLText.element(html, "<section class=\"song-notes\""))
        #expect(HTMLText.visible(notes) == "Notes Sing the refrain softly the first time. Capo 2 for the guitars.")
        #expect(notes.contains("<em>softly</em>"))
        let lyrics = try #require(HTMLText.element(html, "<div class=\"lyrics\""))
        #expect(!lyrics.contains("guitars") && !lyrics.contains("softly"))

        // Credits and CCLI numbers (the label is the theme's; see the report about `#` in en.yaml).
        let credits = HTMLText.visible(HTMLText.element(html, "<footer class=\"song-credits\"") ?? "")
        #expect(credits.hasPrefix("© 2019 Harbor Music "))
        #expect(credits.contains("9081726") && credits.contains("7654321"))

        // Audio: a file under Content/, linked relatively and copied as-is.
        #expect(html.contains("<audio controls preload=\"none\" src=\"../../media/lanterns.mp3\">Listen</audio>"))
        #expect(site.read("Output/media/lanterns.mp3") == "ID3 placeholder audio\n")

        // The album the song names, with its cover art, reached from the song page's link.
        let albumHref = try #require(HTMLText.captures("<a href=\"\\.\\./\\.\\./(albums/[a-z0-9-]+/index\\.html)\">Songs of the Harbor</a>", in: html).first?[0])
        let album = try Self.page(site, albumHref)
        #expect(album.contains("src=\"../../media/harbor.svg\""))
        #expect(HTMLText.visible(HTMLText.element(album, "<ol class=\"tracks\"") ?? "").hasPrefix("2 Lanterns on the Shore The Harbor Choir"))
        #expect(site.exists("Output/media/harbor.svg"))
    }

    @Test func hebrewSongHasAStableIdRightToLeftLyricsAndChordsInsideWords() throws {
        let site = try Self.built()
        let index = try Self.page(site, "songs/index.html")
        let id = try #require(HTMLText.captures("<a href=\"\\.\\./songs/([^/\"]+)/index\\.html\" dir=\"auto\">אור על המים</a>", in: index).first?[0])
        #expect(id.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" } && !id.isEmpty)
        // Stable: a second, separate build of the same files gives the same id.
        let again = try Self.built()
        #expect(again.exists("Output/songs/\(id)/index.html"))

        for path in ["songs/\(id)/index.html", "he/songs/\(id)/index.html"] {
            let html = try Self.page(site, path)
            #expect(html.contains("<div class=\"lyrics\" dir=\"rtl\" lang=\"he\">"), "\(path)")
            let sections = HTMLText.sections(html)
            #expect(sections.map(\.id) == ["v1", "c", "v2"], "\(path)")
            #expect(sections.map(\.label) == ["בית 1", "פזמון", "בית 2"], "\(path)")
            #expect(sections.map(\.slides) == [
                [["{Am}אוֹר עַל הַ{Dm}מַּיִם, {E}אוֹר בַּלַּ{Am}יְלָה", "שָׁ{F}לוֹם לְךָ {G}חָבֵר"]],
                [["{C}שִׁירוּ, {G}שִׁירוּ {Am}יַחַד", "הַלְלוּ{E}יָהּ"]],
                [["{Am}גַּל אַחַר {Dm}גַּל", "{E}עַד הַבֹּ{Am}קֶר"]],
            ], "\(path)")
        }
        // The English song keeps its own direction inside the Hebrew UI.
        let englishInHebrew = try Self.page(site, "he/songs/lanterns-on-the-shore/index.html")
        #expect(englishInHebrew.hasPrefix("<!DOCTYPE html>\n<html lang=\"he\" dir=\"rtl\""))
        #expect(englishInHebrew.contains("<div class=\"lyrics\" dir=\"ltr\" lang=\"en\">"))
    }

    @Test func aSongWithNoSectionsBuildsAndSaysSoInEachLocale() throws {
        let site = try Self.built()
        for (path, message) in [("songs/quiet-prelude/index.html", "This song has no lyrics yet."),
                                ("he/songs/quiet-prelude/index.html", "לשיר הזה אין עדיין מילים.")] {
            let html = try Self.page(site, path)
            #expect(HTMLText.visible(HTMLText.element(html, "<p class=\"empty\"") ?? "") == message, "\(path)")
            #expect(!html.contains("<div class=\"lyrics\""), "\(path)")
            #expect(HTMLText.sections(html).isEmpty, "\(path)")
            #expect(HTMLText.visible(HTMLText.element(html, "<section class=\"song-notes\"") ?? "")
                .hasSuffix("Instrumental only: the band plays while people arrive."), "\(path)")
        }
        let library = HTMLText.visible(HTMLText.element(try Self.page(site, "songs/index.html"), "<h1") ?? "")
        #expect(library == "Songs 3 songs")
    }

    // MARK: - Services

    @Test func orderOfServiceNumbersEveryItemFormInOrder() throws {
        let site = try Self.built()
        let html = try Self.page(site, "services/harvest-sunday/index.html")
        #expect(HTMLText.visible(HTMLText.element(html, "<h1") ?? "") == "Harvest Sunday")
        #expect(HTMLText.serviceItems(html) == [
            "1. Welcome",
            "2. Welcome to Riverside Fellowship",
            "3. Lanterns on the Shore Miriam Hale, Tom Okafor Key: A (transposed from G) Order: V1 C V2 C Choir leads the first verse",
            "4. Scripture Reading Psalm 104",
            "5. Quiet Prelude Key: D",
        ])
        #expect(html.contains("<strong>Riverside Fellowship</strong>")) // the free slide's Markdown
        #expect(html.contains("href=\"../../songs/lanterns-on-the-shore/index.html\""))
        // The site's own string table overrides the theme's plural, key by key.
        #expect(HTMLText.visible(HTMLText.element(html, "<h2 id=\"order-heading\"") ?? "") == "Order of service 2 songs to sing")
        #expect(HTMLText.visible(HTMLText.element(html, "<p class=\"service-leader\"") ?? "") == "Leader: Ruth Adler")
        #expect(html.contains("<time datetime=\"2026-11-22T10:30\">"))
        let notes = try #require(HTMLText.element(html, "<section class=\"service-notes\""))
        #expect(HTMLText.visible(notes) == "Notes Bread and coffee after the service, in the lower hall.")
        #expect(notes.contains("<em>lower hall</em>"))
        #expect(html.contains("Dim the lights before the second song")) // display profile: team notes shown

        let vigil = try Self.page(site, "services/lantern-vigil/index.html") // id from `id:`, not the file name
        #expect(HTMLText.serviceItems(vigil) == [
            "1. Lanterns on the Shore Miriam Hale, Tom Okafor Key: G Order: V1 C V2 P C B C E",
            "2. Silence",
            "3. Quiet Prelude Key: D Organ only",
        ])
        #expect(!site.exists("Output/services/vigil"))
    }

    @Test func theActiveServiceIsTodaysServiceWhateverTheDate() throws {
        let site = try Self.built()
        for prefix in ["", "he/"] {
            let today = try Self.page(site, prefix + "today/index.html")
            #expect(HTMLText.visible(HTMLText.element(today, "<h1") ?? "") == "Lantern Vigil", "\(prefix)")
            #expect(today.contains("<time datetime=\"2026-11-15T19:00\">"), "\(prefix)")
            #expect(HTMLText.serviceItems(today).count == 3, "\(prefix)")
            let home = try Self.page(site, prefix + "index.html")
            let card = HTMLText.element(home, "<section class=\"today-card\"") ?? ""
            #expect(card.contains("services/lantern-vigil/index.html\""), "\(prefix)")
            #expect(!card.contains("Harvest Sunday"), "\(prefix)")
        }
        #expect(HTMLText.serviceItems(try Self.page(site, "today/index.html"))
            == HTMLText.serviceItems(try Self.page(site, "services/lantern-vigil/index.html")))
        #expect(HTMLText.visible(HTMLText.element(try Self.page(site, "today/index.html"), "<p class=\"eyebrow\"") ?? "") == "Service of the Day")

        // Services index: upcoming (Harvest Sunday, on the build date) first, then the archive.
        let services = try Self.page(site, "services/index.html")
        let harvest = try #require(services.range(of: ">Harvest Sunday</a>"))
        let vigil = try #require(services.range(of: ">Lantern Vigil</a>"))
        #expect(harvest.lowerBound < vigil.lowerBound)
    }

    // MARK: - Shoot lists

    @Test func extendedShootListMergesTheTemplateAndCountsProgress() throws {
        let site = try Self.built()
        let html = try Self.page(site, "shootlists/hillcrest-middle/index.html")
        #expect(HTMLText.visible(HTMLText.element(html, "<h1") ?? "") == "Hillcrest Middle School")
        #expect(HTMLText.visible(HTMLText.element(html, "<dl class=\"shootlist-meta\"") ?? "")
            == "School year 2026-2027 · This school year Studio Northlight Photo Photographers Noa Peretz, Eli Stone")
        #expect(HTMLText.progress(html) == ["3 of 8 photos done", "2 of 6 required photos done"])
        #expect(html.contains("<progress max=\"8\" value=\"3\">") && html.contains("<progress max=\"6\" value=\"2\">"))
        #expect(HTMLText.visible(HTMLText.element(html, "<div class=\"shootlist-intro\"") ?? "") == "Hillcrest coverage for this year.")

        let categories = HTMLText.categories(html)
        #expect(categories.map(\.heading) == ["Portraits 2/3", "Events 0/3", "Sports 1/2"])
        #expect(categories.map(\.items) == [
            ["[x] Student portraits, all grades (required)", "[x] Teacher portraits (required)", "[ ] Office staff (optional)"],
            ["[ ] Spring concert (required)", "[ ] Field day (required)", "[ ] Winter assembly (required)"],
            ["[ ] Soccer team (required)", "[x] Track relay (optional)"],
        ])
        // Overridden by id: the template's name is gone; overridden by name: shown once.
        #expect(!html.contains("Class portraits"))
        #expect(html.components(separatedBy: "Teacher portraits").count == 2)
        #expect(html.contains("id=\"item-class-portraits\"") && html.contains("id=\"item-track-relay\""))

        let details = HTMLText.itemDetails(html)
        #expect(details["Teacher portraits"] ==
            "Required Done on Oct 5, 2026 By Noa Peretz Session H-201 Images 4410-4452 Notes Use the library backdrop")
        #expect(details["Track relay"] ==
            "Optional Done on Sep 20, 2026 By Eli Stone Session H-150 Images 3001-3020 Notes Shoot from the finish line")
        #expect(details["Student portraits, all grades"] == "Required Done on Oct 6, 2026 By Eli Stone")
        #expect(details["Winter assembly"] == "Required Gym, second period.")
        #expect(html.contains("<time datetime=\"2026-09-20\">"))
    }

    @Test func requiredByDefaultNoAndADerivedSchoolYear() throws {
        let site = try Self.built()
        let html = try Self.page(site, "shootlists/oakridge-elementary/index.html")
        #expect(HTMLText.visible(HTMLText.element(html, "<dl class=\"shootlist-meta\"") ?? "")
            == "School year 2025-2026 Studio Northlight Photo") // from `date: 2025-09-02`; not this school year
        #expect(HTMLText.progress(html) == ["1 of 3 photos done", "0 of 1 required photo done"])
        #expect(HTMLText.categories(html).map(\.items) == [
            ["[x] Kindergarten reading circle (optional)", "[ ] Art room (optional)", "[ ] Principal portrait (required)"],
        ])
    }

    @Test func shootListIndexAndHomeShowProgressAndNeverTheTemplate() throws {
        let site = try Self.built()
        let index = try Self.page(site, "shootlists/index.html")
        let cards = HTMLText.chunks(index, "<li class=\"shootlist-card").map { HTMLText.visible("<li class=\"shootlist-card" + $0) }
        #expect(cards.count == 2)
        let hillcrest = try #require(cards.first { $0.hasPrefix("Hillcrest Middle School ") })
        #expect(hillcrest.contains("2026-2027 · This school year"))
        #expect(hillcrest.contains("3 of 8 photos done") && hillcrest.contains("2 of 6 required photos done"))
        let oakridge = try #require(cards.first { $0.hasPrefix("Oakridge Elementary ") })
        #expect(oakridge.contains("2025-2026") && !oakridge.contains("This school year"))
        #expect(oakridge.contains("1 of 3 photos done") && oakridge.contains("0 of 1 required photo done"))

        let home = HTMLText.element(try Self.page(site, "index.html"), "<ul class=\"shootlist-list\"") ?? ""
        #expect(HTMLText.chunks(home, "<li>").map(HTMLText.visible).sorted() == [
            "Hillcrest Middle School 2026-2027 3 of 8 photos done",
            "Oakridge Elementary 2025-2026 1 of 3 photos done",
        ])

        // The template (`template: true`) is not a list of its own, in any locale.
        let built = try FileManager.default.contentsOfDirectory(atPath: site.root + "/Output/shootlists").sorted()
        #expect(built == ["hillcrest-middle", "index.html", "oakridge-elementary"])
        #expect(!site.exists("Output/he/shootlists/middle-school"))
        let everything = site.snapshot().filter { $0.key.hasSuffix(".html") }.values
            .compactMap { String(data: $0, encoding: .utf8) }.joined()
        #expect(!everything.contains("Middle School Template"))
        #expect(!everything.contains("The standard coverage for a middle school"))
    }

    @Test func publicProfileKeepsOnlyThePublicListWithoutPrivateFields() throws {
        let site = try Self.built(["--profile", "public"])
        #expect(!site.exists("Output/shootlists/hillcrest-middle/index.html"))
        let oakridge = try Self.page(site, "shootlists/oakridge-elementary/index.html")
        #expect(!oakridge.contains("Noa Peretz")) // `by:` is dropped
        #expect(HTMLText.progress(oakridge) == ["1 of 3 photos done", "0 of 1 required photo done"])
        #expect(!(try Self.page(site, "services/harvest-sunday/index.html")).contains("Dim the lights"))
    }

    // MARK: - Locales, output paths, diagnostics

    @Test func everyPageExistsUnderHeToo() throws {
        let site = try Self.built()
        let pages = Set(site.snapshot().keys.filter { $0.hasSuffix(".html") })
        let english = pages.filter { !$0.hasPrefix("he/") }
        for page in [
            "index.html", "today/index.html", "songs/index.html", "albums/index.html", "services/index.html",
            "shootlists/index.html", "songs/lanterns-on-the-shore/index.html", "songs/quiet-prelude/index.html",
            "services/harvest-sunday/index.html", "services/lantern-vigil/index.html",
            "shootlists/hillcrest-middle/index.html", "shootlists/oakridge-elementary/index.html",
        ] {
            #expect(english.contains(page), "missing \(page)")
        }
        // The 12 above, the Hebrew song and the one album; each song's slideshow, each
        // service's slideshow, console and chord charts, and the hymn-usage page.
        #expect(english.contains("songs/usage.html"))
        #expect(english.count == 24)
        for page in english {
            #expect(pages.contains("he/" + page), "missing he/\(page)")
            #expect(site.read("Output/" + page)?.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\" dir=\"ltr\"") == true, "\(page)")
            #expect(site.read("Output/he/" + page)?.hasPrefix("<!DOCTYPE html>\n<html lang=\"he\" dir=\"rtl\"") == true, "he/\(page)")
        }
        #expect(HTMLText.progress(try Self.page(site, "he/shootlists/hillcrest-middle/index.html"))
            == ["3 מתוך 8 צילומים בוצעו", "2 מתוך 6 צילומי חובה בוצעו"])
    }

    @Test func checkReportsOnlyTheBracketThatIsNotAChord() throws {
        let site = try Self.site()
        let result = site.run(["check", "--date", Self.buildDate])
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("Content/songs/hymns/lanterns-on-the-shore.md:37:1: warning: ") == true, "\(result.stderr)")
        #expect(lines.first?.contains("[Bridge]") == true)
        #expect(!site.exists("Output"))
    }

    @Test(arguments: [
        // A service naming a song id that does not exist: file, line and column of the id, and the closest id.
        ("Content/services/harvest-sunday.md", "  - song: lanterns-on-the-shore\n", "  - song: lantern-on-the-shore\n",
         "Content/services/harvest-sunday.md:11:11: error: ", "lanterns-on-the-shore"),
        // An item attribute the spec does not know: file and line.
        ("Content/shootlists/hillcrest-middle.md", "  - images: 3001-3020\n", "  - images: 3001-3020\n  - camera: R5\n",
         "Content/shootlists/hillcrest-middle.md:35:", "camera"),
        // A school year that is not two consecutive years.
        ("Content/shootlists/hillcrest-middle.md", "school_year: 2026-2027\n", "school_year: 2026-2028\n",
         "Content/shootlists/hillcrest-middle.md:3:", "2026-2028"),
        // Two services with one active: true.
        ("Content/services/harvest-sunday.md", "leader: Ruth Adler\n", "leader: Ruth Adler\nactive: true\n",
         "Content/services/", "active"),
    ])
    func brokenCopiesFailWithLocatedErrorsAndLeaveTheOutput(file: String, old: String, new: String,
                                                            prefix: String, mention: String) throws {
        let site = try Self.built()
        let before = site.snapshot()
        let text = try #require(site.read(file))
        #expect(text.contains(old))
        try site.write(file, text.replacingOccurrences(of: old, with: new))
        let result = site.build(date: Self.buildDate)
        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 1, "\(result.stderr)")
        #expect(errors.first?.hasPrefix(prefix) == true, "\(result.stderr)")
        #expect(errors.first?.contains(mention) == true, "\(result.stderr)")
        #expect(site.snapshot() == before)
    }

    @Test func twoSongsWithOneIdIsAnErrorNamingBothFiles() throws {
        let site = try Self.built()
        let before = site.snapshot()
        try site.write("Content/songs/copies/lanterns-on-the-shore.md", "---\ntitle: Another Lantern Song\n---\n")
        let result = site.build(date: Self.buildDate)
        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 1, "\(result.stderr)")
        let line = String(errors.first ?? "")
        #expect(line.contains("Content/songs/copies/lanterns-on-the-shore.md") && line.contains("Content/songs/hymns/lanterns-on-the-shore.md"), "\(line)")
        #expect(line.hasPrefix("Content/songs/"), "\(line)")
        #expect(site.snapshot() == before)
    }
}

import Foundation
import LecternModel
import Testing

/// Builds whole sites through the command line, as a user would, and checks what they would see.
@Suite struct EndToEndTests {
    static let contractPages = [
        "index.html", "today/index.html", "songs/index.html", "albums/index.html", "services/index.html",
        "shootlists/index.html", "songs/amazing-grace/index.html", "songs/hinei-ma-tov/index.html",
        "services/2026-11-22-morning/index.html", "shootlists/lincoln-high-2025/index.html",
    ]

    @Test func buildsTheExampleSiteInEveryLocale() throws {
        let site = try TestSite(withExample: true)
        let result = site.build()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("written, 0 unchanged, 0 removed"))
        for page in Self.contractPages {
            let en = try #require(site.read("Output/" + page), "missing \(page)")
            let he = try #require(site.read("Output/he/" + page), "missing he/\(page)")
            #expect(en.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\" dir=\"ltr\""))
            #expect(he.hasPrefix("<!DOCTYPE html>\n<html lang=\"he\" dir=\"rtl\""))
        }
        #expect(site.exists("Output/assets/lectern.css"))
        #expect(site.exists("Output/media/hymns-cover.svg"))
        for page in ["services/2026-11-22-morning/present/index.html", "services/2026-11-22-morning/console/index.html",
                     "songs/amazing-grace/present/index.html", "he/services/2026-11-22-morning/present/index.html"] {
            #expect(site.exists("Output/" + page), "missing \(page)")
        }
        #expect(site.exists("Output/assets/present.js") && site.exists("Output/assets/present.css"))
    }

    @Test func hebrewSongInTheEnglishSiteIsRightToLeftWithLeftToRightChords() throws {
        let site = try TestSite(withExample: true)
        #expect(site.build().status == 0)
        let page = try #require(site.read("Output/songs/hinei-ma-tov/index.html"))
        #expect(page.contains("<div class=\"lyrics\" dir=\"rtl\" lang=\"he\">"))
        #expect(page.contains("<span class=\"chord\"><bdi>Am</bdi></span>"))
        #expect(page.contains("<h1><bdi dir=\"auto\">"))
    }

    @Test func todaysServiceFollowsTheBuildDate() throws {
        let site = try TestSite(withExample: true)
        #expect(site.build(date: "2026-11-22").status == 0)
        #expect(site.read("Output/today/index.html")?.contains("Sunday, November 22, 2026") == true)
        #expect(site.build(date: "2026-11-23").status == 0)
        #expect(site.read("Output/today/index.html")?.contains("Sunday, November 29, 2026") == true)
        let viaEpoch = site.run(["build", "--quiet"], environment: ["SOURCE_DATE_EPOCH": "1763467200"]) // 2025-11-18
        #expect(viaEpoch.status == 0)
        #expect(site.read("Output/index.html")?.contains("Tuesday, November 18, 2025") == true)
    }

    @Test func aNoOpBuildWritesNothingAndForeignFilesSurvive() throws {
        let site = try TestSite(withExample: true)
        #expect(site.build().status == 0)
        try site.write("Output/CNAME", "gracechapel.example.org\n")
        let before = site.modificationDate("Output/index.html")
        Thread.sleep(forTimeInterval: 0.05)
        let again = site.build()
        #expect(again.stdout.hasPrefix("0 pages written"), "\(again.stdout)")
        #expect(site.modificationDate("Output/index.html") == before)
        #expect(site.read("Output/CNAME") == "gracechapel.example.org\n")
    }

    @Test func deletedSongsPagesDisappearButForeignFilesStay() throws {
        let site = try TestSite(withExample: true)
        #expect(site.build().status == 0)
        try site.write("Output/songs/rock-of-ages/my-notes.txt", "mine")
        try site.remove("Content/songs/hymns/all-creatures.md")
        try site.remove("Content/songs/hymns/rock-of-ages.md")
        // Services that named them must not any more.
        for path in ["Content/services/2026/2026-11-29-advent.md", "Content/services/2026/12/2026-12-24-christmas-eve.md",
                     "Content/services/2026-11-15-morning.md"] {
            let text = try #require(site.read(path))
            try site.write(path, text.replacingOccurrences(of: "  - all-creatures\n", with: "")
                .replacingOccurrences(of: "  - rock-of-ages\n", with: ""))
        }
        let result = site.build(["--explain"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!site.exists("Output/songs/all-creatures"))
        #expect(!site.exists("Output/he/songs/all-creatures/index.html"))
        #expect(!site.exists("Output/songs/rock-of-ages/index.html"))
        #expect(site.read("Output/songs/rock-of-ages/my-notes.txt") == "mine")
        #expect(result.stdout.contains("songs/all-creatures/index.html: removed because no input produces it any more"))
    }

    @Test func refusesToOverwriteAFileItDidNotWrite() throws {
        let site = try TestSite(withExample: true)
        try site.write("Output/songs/index.html", "my own page")
        let result = site.build()
        #expect(result.status == 1)
        #expect(result.stderr.contains("songs/index.html:1:1: error: lectern would overwrite this file, which it did not write"))
        #expect(site.read("Output/songs/index.html") == "my own page")
        #expect(!site.exists("Output/index.html"))
    }

    @Test func twoBuildsInSeparateProcessesAreByteIdentical() throws {
        let binary = TestSite.repositoryRoot + "/.build/debug/lectern"
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build the lectern binary first")
        let site = try TestSite(withExample: true)
        for out in ["A", "B"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["build", "--site", site.root, "--output", site.root + "/" + out, "--date", "2026-11-22", "--quiet"]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        let a = site.snapshot("A").filter { !$0.key.hasPrefix(".lectern") }
        let b = site.snapshot("B").filter { !$0.key.hasPrefix(".lectern") }
        #expect(a.count > 50)
        #expect(a == b)
    }

    @Test func publicProfileLeavesOutDraftsPrivateNotesAndPrivateLists() throws {
        let site = try TestSite(withExample: true)
        #expect(site.build(["--profile", "public"]).status == 0)
        let all = site.snapshot().filter { $0.key.hasSuffix(".html") }.values.compactMap { String(data: $0, encoding: .utf8) }.joined()
        #expect(!all.contains("Christmas Eve")) // the draft service
        #expect(!all.contains("Team notes"))
        #expect(!site.exists("Output/shootlists/lincoln-high-2025/index.html")) // not public
        let roosevelt = try #require(site.read("Output/shootlists/roosevelt-middle-2026/index.html"))
        #expect(!roosevelt.contains(">By<") && !roosevelt.contains(">Session<"))
    }

    @Test func checkWritesNothingAndReportsWarnings() throws {
        let site = try TestSite(withExample: true)
        try site.write("Content/songs/odd.md", "---\ntitle: Odd\n---\n## Verse 1\n[Hallelujah] la [G]la\n")
        try site.write("Content/strings/he.yaml", "extra.key: x\n")
        try site.write("Content/strings/en.yaml", "extra.key: Extra\nother.key: Other\n")
        let result = site.run(["check", "--date", "2026-11-22"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("Content/songs/odd.md:5:1: warning: '[Hallelujah]' is not a chord; it is shown as text"))
        #expect(result.stderr.contains("Content/strings/he.yaml:1:1: warning: missing translation for 'other.key' in he; using en"))
        #expect(!site.exists("Output/index.html"))
    }

    @Test func aStringMissingFromEveryTableIsABuildError() throws {
        let site = try TestSite(withExample: true)
        try site.write("Themes/default/templates/songs.mustache", "{{<layout}}{{$content}}{{t.song.no_such_key}}{{/content}}{{/layout}}")
        let result = site.build()
        #expect(result.status == 1)
        #expect(result.stderr.contains("Themes/default/templates/songs.mustache:1:24: error: string 'song.no_such_key' is missing from every string table"))
    }

    @Test func siteThemeOverridesShippedFilesOneByOne() throws {
        let site = try TestSite(withExample: true)
        try site.write("Themes/default/assets/lectern.css", "body { color: red; }")
        try site.write("Content/strings/en.yaml", "service.todays_service: This Morning\n")
        #expect(site.build().status == 0)
        #expect(site.read("Output/assets/lectern.css") == "body { color: red; }")
        #expect(site.read("Output/today/index.html")?.contains("This Morning") == true)
        #expect(site.read("Output/songs/index.html")?.contains("<ol class=\"song-list\"") == true) // shipped template still used
    }
}

/// Real-world song files written by others (shared/corpus) never break a build.
@Suite struct CorpusTests {
    /// `shared/corpus` beside the repository (as on the team's machines and in CI), or `$LECTERN_CORPUS`.
    static let corpusPath: String? = {
        let candidates = [ProcessInfo.processInfo.environment["LECTERN_CORPUS"], TestSite.repositoryRoot + "/../shared/corpus"]
        return candidates.compactMap { $0 }.first { FileManager.default.fileExists(atPath: $0 + "/chordpro") }
    }()

    @Test(.enabled(if: corpusPath != nil, "shared/corpus is not beside the repository"))
    func everyCorpusFileBuildsIntoASongPage() throws {
        let corpus = try #require(Self.corpusPath)
        let fm = FileManager.default
        // Not beside the example site: the corpus has its own Amazing Grace, and two songs with
        // one id are an error (a real one: the user would have to rename a file).
        let site = try TestSite(files: ["Content/site.yaml": TestSite.minimalSiteYAML + "locales: [en, he]\n"])
        var pages: [String] = []
        for folder in ["chordpro", "openlyrics"] {
            try fm.createDirectory(atPath: site.root + "/Content/songs/" + folder, withIntermediateDirectories: true)
            for name in try fm.contentsOfDirectory(atPath: corpus + "/" + folder).sorted() {
                try fm.copyItem(atPath: corpus + "/\(folder)/\(name)", toPath: site.root + "/Content/songs/\(folder)/\(name)")
                let base = String(name[..<name.lastIndex(of: ".")!])
                pages.append("Output/songs/\(Slug.make(base))/index.html")
            }
        }
        #expect(pages.count > 40)
        let result = site.build()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains(": error: "))
        // Every warning is located: path:line:col.
        for line in result.stderr.split(separator: "\n") where line.contains(": warning: ") {
            #expect(line.range(of: #"^Content/songs/[^:]+:\d+:\d+: warning: "#, options: .regularExpression) != nil, "\(line)")
        }
        for page in pages {
            let html = try #require(site.read(page), "\(page) was not built")
            #expect(html.contains("class=\"section\""), "\(page) has no lyrics")
        }
        // The ChordPro showcase: the chorus first, then verses; chords in place.
        let swing = try #require(site.read("Output/songs/swinglow/index.html"))
        #expect(swing.contains("Swing Low Sweet Chariot") && swing.contains("<bdi>A7</bdi>"))
        // Hava Nagila: Hebrew lyrics, the transliteration and English offered under each line.
        let hava = try #require(site.read("Output/songs/hava-nagila/index.html"))
        #expect(hava.contains("lang=\"he\"") && hava.contains("הבה נגילה ונשמחה"))
        #expect(hava.contains("<p class=\"line translation\"><bdi lang=\"he-Latn\" dir=\"ltr\">Hava nagila vi nis&#39;mecha</bdi></p>"))
        #expect(hava.contains("<p class=\"line translation\"><bdi lang=\"en\" dir=\"ltr\">Let&#39;s rejoice and be happy</bdi></p>"))
        // OpenLyrics verseOrder is the slideshow's order.
        let slides = try #require(site.read("Output/songs/laboratory/present/index.html"))
        #expect(slides.components(separatedBy: "data-section=\"v").count - 1 == 2)
    }
}

@Suite struct SiteRuleTests {
    @Test func hebrewSectionNamesWorkInAnEnglishOnlySite() throws {
        let site = try TestSite(files: [
            "Content/site.yaml": TestSite.minimalSiteYAML,
            "Content/songs/hinei.md": "---\ntitle: הנה מה טוב\nlanguage: he\n---\n## בית 1\nא\n\n## פזמון\nב\n",
        ])
        #expect(site.build().status == 0)
        let page = try #require(site.read("Output/songs/hinei/index.html"))
        #expect(page.contains("id=\"v1\"") && page.contains("id=\"c\""))
    }

    @Test func unknownSongWithNothingCloseStillNamesTheClosestIds() throws {
        let site = try TestSite(withExample: true)
        try site.write("Content/services/x.md", "---\ntitle: X\ndate: 2026-12-06\nitems:\n  - zzzzqqqq\n---\n")
        let result = site.build()
        #expect(result.status == 1)
        #expect(result.stderr.contains("Content/services/x.md:5:5: error: no song with id 'zzzzqqqq' (closest: "))
    }

    @Test func aStringThePagesNeedMissingEverywhereIsAnError() throws {
        let site = try TestSite(withExample: true)
        let shipped = try String(contentsOfFile: TestSite.repositoryRoot + "/Themes/default/strings/en.yaml", encoding: .utf8)
        try site.write("Themes/default/strings/en.yaml", shipped.replacingOccurrences(of: "song.count:", with: "song.counted:"))
        let result = site.build()
        #expect(result.status == 1)
        #expect(result.stderr.contains("Themes/default/strings/en.yaml:1:1: error: string 'song.count' is missing from every string table"))
    }

    @Test func mediaAnywhereUnderContentIsCopiedAndLinked() throws {
        let site = try TestSite(files: [
            "Content/site.yaml": TestSite.minimalSiteYAML,
            "Content/songs/a.md": "---\ntitle: A\naudio: recordings/a.mp3\n---\n",
            "Content/recordings/a.mp3": "not really audio",
        ])
        #expect(site.build().status == 0)
        #expect(site.read("Output/recordings/a.mp3") == "not really audio")
        #expect(site.read("Output/songs/a/index.html")?.contains("src=\"../../recordings/a.mp3\"") == true)
    }

    @Test func mediaOutsideContentIsAnError() throws {
        let site = try TestSite(files: [
            "Content/site.yaml": TestSite.minimalSiteYAML,
            "Content/songs/a.md": "---\ntitle: A\ncover: ../secret.jpg\n---\n",
            "Content/songs/b.md": "---\ntitle: B\naudio: http://example.org/b.mp3\n---\n",
            "Content/songs/c.md": "---\ntitle: C\n\naudio: /etc/passwd\n---\n",
        ])
        let result = site.build()
        #expect(result.status == 1)
        // At the field's line; a plain-http URL and an absolute path are refused too.
        #expect(result.stderr.split(separator: "\n").sorted() == [
            "Content/songs/a.md:3:1: error: cover '../secret.jpg' must be a file under Content/ (like media/x.mp3) or an https URL",
            "Content/songs/b.md:3:1: error: audio 'http://example.org/b.mp3' must be a file under Content/ (like media/x.mp3) or an https URL",
            "Content/songs/c.md:4:1: error: audio '/etc/passwd' must be a file under Content/ (like media/x.mp3) or an https URL",
        ])
        #expect(!site.exists("Output/songs/a/index.html"), "nothing is written")
    }

    @Test func aBrokenStringTableIsReportedOnOneLineAtItsLine() throws {
        let site = try TestSite(withExample: true)
        try site.write("Content/strings/he.yaml", "nav.home: בית\nnav.songs: [שירים\n")
        let result = site.build()
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("Content/strings/he.yaml:") }
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("Content/strings/he.yaml:3:1: error: invalid YAML") == true)
    }
}

@Suite struct ReviewFixTests {
    @Test func itemDescriptionsKeepTheirMarkdown() throws {
        let site = try TestSite(files: [
            "Content/site.yaml": TestSite.minimalSiteYAML,
            "Content/shootlists/a.md": "---\nschool: S\nschool_year: 2025-2026\n---\n## A\n- [ ] Team\n  Meet at the *gym*, see [map](https://example.org/map) \\*not emphasis\\*\n",
        ])
        #expect(site.build().status == 0)
        let page = try #require(site.read("Output/shootlists/a/index.html"))
        #expect(page.contains("Meet at the <em>gym</em>, see <a href=\"https://example.org/map\">map</a> *not emphasis*"))
    }

    @Test func mediaPathsAreURLEncoded() throws {
        let site = try TestSite(files: [
            "Content/site.yaml": TestSite.minimalSiteYAML,
            "Content/songs/a.md": "---\ntitle: A\naudio: \"media/Amazing Grace #2.mp3\"\n---\n",
            "Content/media/Amazing Grace #2.mp3": "x",
        ])
        #expect(site.build().status == 0)
        #expect(site.read("Output/songs/a/index.html")?.contains("src=\"../../media/Amazing%20Grace%20%232.mp3\"") == true)
    }

    @Test func aMissingPartialIsABuildError() throws {
        let site = try TestSite(withExample: true)
        try site.write("Themes/default/templates/service.mustache", "{{<layout}}{{$content}}{{>partials/servce-order}}{{/content}}{{/layout}}")
        let result = site.build()
        #expect(result.status == 1)
        #expect(result.stderr.contains("Themes/default/templates/service.mustache:1:24: error: template 'partials/servce-order' does not exist in theme 'default'"))
    }

    @Test func theLanguageSwitcherNamesEachLocaleInItsOwnLanguage() throws {
        let site = try TestSite(withExample: true)
        #expect(site.build().status == 0)
        let page = try #require(site.read("Output/index.html"))
        #expect(page.contains(">English</span>"))
        #expect(page.contains("lang=\"he\" hreflang=\"he\" dir=\"rtl\">עברית</a>"))
    }
}

@Suite struct ParallelRenderingTests {
    @Test func oneThreadOrManyGiveTheSameBytes() throws {
        let site = try TestSite(withExample: true)
        #expect(site.run(["build", "--date", "2026-11-22", "--quiet", "--jobs", "1", "--output", "One"]).status == 0)
        #expect(site.run(["build", "--date", "2026-11-22", "--quiet", "--jobs", "4", "--output", "Four"]).status == 0)
        // The build record (`.lectern/`) holds times and stamps; the site itself must match.
        let one = site.snapshot("One").filter { !$0.key.hasPrefix(".lectern") }
        let four = site.snapshot("Four").filter { !$0.key.hasPrefix(".lectern") }
        #expect(one.count > 50)
        #expect(one == four)
    }
}

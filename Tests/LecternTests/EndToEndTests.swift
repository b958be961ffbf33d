import Foundation
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
            #expect(en.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\" dir=\"ltr\">"))
            #expect(he.hasPrefix("<!DOCTYPE html>\n<html lang=\"he\" dir=\"rtl\">"))
        }
        #expect(site.exists("Output/assets/lectern.css"))
        #expect(site.exists("Output/media/hymns-cover.svg"))
        // Paths that belong to later work are not stubbed.
        #expect(!site.exists("Output/services/2026-11-22-morning/present/index.html"))
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
        #expect(result.stderr.contains("Themes/default/templates/songs.mustache:1:1: error: string 'song.no_such_key' is missing from every string table"))
    }

    @Test func siteThemeOverridesShippedFilesOneByOne() throws {
        let site = try TestSite(withExample: true)
        try site.write("Themes/default/assets/lectern.css", "body { color: red; }")
        try site.write("Content/strings/en.yaml", "service.todays_service: This Morning\n")
        #expect(site.build().status == 0)
        #expect(site.read("Output/assets/lectern.css") == "body { color: red; }")
        #expect(site.read("Output/today/index.html")?.contains("This Morning") == true)
        #expect(site.read("Output/songs/index.html")?.contains("<table class=\"song-table\">") == true) // shipped template still used
    }
}

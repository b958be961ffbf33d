import Foundation
import LecternBuild
import LecternModel
import LecternTemplate
import Testing

/// What the song library and the song pages know besides the songs themselves: how often each
/// song was sung (the page, `songs/usage.csv`), the library's search data, and the table of
/// chords the transpose buttons read. Expected values are worked out from the example site's
/// services (8, 15, 22 and 29 November 2026).
@Suite struct LibraryDataTests {
    func usage(_ site: TestSite, _ song: String, locale: String = "") throws -> String {
        let html = try #require(site.read("Output/\(locale)songs/\(song)/index.html"))
        return HTMLText.visible(HTMLText.element(html, "<p class=\"song-usage\"") ?? "")
    }

    @Test func aSongPageSaysHowOftenAndWhenItWasLastSung() throws {
        let site = try TestSite(withExample: true)
        #expect(site.pipeline().succeeded)
        // Amazing Grace: 8 and 22 November; the 29th is still to come.
        #expect(try usage(site, "amazing-grace") == "Sung in 2 services, last on Sunday, November 22, 2026")
        #expect(try usage(site, "holy-holy-holy") == "Sung once in a service, last on Sunday, November 8, 2026")
        #expect(try usage(site, "all-creatures") == "Not sung in a service yet")
        #expect(try usage(site, "amazing-grace", locale: "he/").hasPrefix("הושר בשתי תפילות, לאחרונה: "))

        // A week later the Advent service has been held.
        #expect(site.pipeline(date: "2026-11-29").succeeded)
        #expect(try usage(site, "all-creatures") == "Sung once in a service, last on Sunday, November 29, 2026")
    }

    @Test func aDraftServiceIsNotCountedAndASongTwiceInOneServiceCountsOnce() throws {
        let site = try TestSite(withExample: true)
        try site.write("Content/services/2026/2026-11-01-draft.md", """
            ---
            title: Planning
            date: 2026-11-01 10:00
            draft: true
            items: [all-creatures]
            ---
            """)
        try site.write("Content/services/2026/2026-11-02-twice.md", """
            ---
            title: Hymn sing
            date: 2026-11-02 18:00
            items: [rock-of-ages, rock-of-ages]
            ---
            """)
        #expect(site.pipeline().succeeded)
        #expect(try usage(site, "all-creatures") == "Not sung in a service yet")
        #expect(try usage(site, "rock-of-ages") == "Sung in 2 services, last on Sunday, November 15, 2026")
    }

    @Test func theUsageCSVHasARowPerSongMostSungFirst() throws {
        let site = try TestSite(withExample: true)
        #expect(site.pipeline().succeeded)
        // RFC 4180: CRLF after each record.
        let lines = try #require(site.read("Output/songs/usage.csv")).components(separatedBy: "\r\n")
        #expect(lines.first == "Song,CCLI #,Times used,Last used")
        #expect(lines.last == "", "the file ends with a line break")
        #expect(lines.count == 1 + 15 + 1)
        #expect(lines[1] == "Amazing Grace,22025,2,2026-11-22")
        // A comma in a title is quoted; a song never sung has 0 and no date.
        #expect(lines.contains("\"Come, Thou Fount of Every Blessing\",,1,2026-11-15"))
        #expect(lines.contains { $0.hasPrefix("All Creatures of Our God and King,") && $0.hasSuffix(",0,") })
        let hebrew = try #require(site.read("Output/he/songs/usage.csv"))
        #expect(hebrew.hasPrefix("שיר,מס׳ CCLI,מספר שימושים,שימוש אחרון\r\n"))
    }

    @Test func aNewPastServiceRerendersOnlyTheSongsItSings() throws {
        let site = try TestSite(withExample: true)
        #expect(site.pipeline().succeeded)
        try site.write("Content/services/2026/2026-11-01-evening.md", """
            ---
            title: Evening Prayer
            date: 2026-11-01 18:00
            items: [all-creatures]
            ---
            """)
        let result = site.run(["build", "--date", "2026-11-22", "--explain"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("songs/all-creatures/index.html: written because how often song 'all-creatures' was sung changed"))
        #expect(!result.stdout.contains("songs/amazing-grace/index.html:"), "\(result.stdout)")
        #expect(result.stdout.contains("songs/usage.csv: written"))
        #expect(!result.stdout.contains("songs/search-data.js"), "the search data shows no usage")
    }

    @Test func theSearchDataHoldsEverySongAndChangesWithTitlesNotLyrics() throws {
        let site = try TestSite(withExample: true)
        #expect(site.pipeline().succeeded)
        let script = try #require(site.read("Output/songs/search-data.js"))
        let prefix = "window.lecternLibrary = "
        try #require(script.hasPrefix(prefix) && script.hasSuffix(";\n"))
        let json = script.dropFirst(prefix.count).dropLast(2)
        let data = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let fields = try #require(data["fields"] as? [String])
        let songs = try #require(data["songs"] as? [[Any]])
        #expect(songs.count == 15)
        let grace = try #require(songs.first { $0.first as? String == "amazing-grace" })
        let entry = Dictionary(uniqueKeysWithValues: zip(fields, grace.map { "\($0)" }))
        #expect(entry["title"] == "Amazing Grace")
        #expect(entry["artist"] == "Grace Chapel Choir")
        #expect(entry["album"] == "Hymns of the Church")
        #expect(entry["first_line"] == "Amazing grace! How sweet the sound")
        #expect((grace[fields.firstIndex(of: "authors")!] as? [String]) == ["John Newton", "John P. Rees"])

        try site.write("Content/songs/hymns/amazing-grace.md", try #require(site.read("Content/songs/hymns/amazing-grace.md"))
            .replacingOccurrences(of: "[G7]dangers,", with: "[G7]perils,"))
        #expect(!site.pipeline().written.contains { $0.path == "songs/search-data.js" })
        try site.write("Content/songs/hymns/amazing-grace.md", try #require(site.read("Content/songs/hymns/amazing-grace.md"))
            .replacingOccurrences(of: "title: Amazing Grace", with: "title: Amazing Grace </script>"))
        #expect(site.pipeline().written.contains { $0.path == "songs/search-data.js" })
        #expect(site.read("Output/songs/search-data.js")?.contains("Amazing Grace \\u003c/script\\u003e") == true)
    }

    @Test func jsonForScriptsCannotCloseTheScriptElement() {
        let value: TemplateValue = ["b": "</script><!-- & \u{2028}\"\\\n", "a": ["x", true]]
        #expect(value.json == #"{"a":["x",true],"b":"\u003c/script\u003e\u003c!-- \u0026 \u2028\"\\\n"}"#)
        // Control characters by their code; other text, the rest of U+2000–U+206F and
        // characters after an escape too, as they are.
        let mixed: TemplateValue = ["t": "\u{01}a\u{1F}b\u{2029}\u{2026}\u{2030}\tשלום “x”"]
        #expect(mixed.json == "{\"t\":\"\\u0001a\\u001fb\\u2029\u{2026}\u{2030}\\tשלום “x”\"}")
    }

    @Test func theSongPageCarriesItsChordsInEveryKey() throws {
        let site = try TestSite(withExample: true)
        #expect(site.pipeline().succeeded)
        let html = try #require(site.read("Output/songs/amazing-grace/index.html"))
        let start = try #require(html.range(of: "<script type=\"application/json\" class=\"transpose-table\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let table = try #require(try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
        let keys = try #require(table["keys"] as? [String])
        #expect(keys == ["G", "Ab", "A", "Bb", "B", "C", "Db", "D", "Eb", "E", "F", "F#"])
        let chords = try #require(table["chords"] as? [String: [String]])
        #expect(chords["G7"]?[2] == "A7")
        #expect(chords["Em"]?[3] == "Gm")
        #expect(chords["D"]?[11] == "C#")
        #expect(html.contains("class=\"transpose-up\""))
    }

    @Test func aSongWithoutChordsHasTextSizeButtonsButNoTransposeButtons() throws {
        let site = try TestSite(withExample: true)
        try site.write("Content/songs/plain.md", "---\ntitle: Plain\nkey: G\n---\n## Verse 1\nNo chords here\n")
        #expect(site.pipeline().succeeded)
        let html = try #require(site.read("Output/songs/plain/index.html"))
        #expect(html.contains("class=\"font-larger\""))
        #expect(!html.contains("class=\"transpose-up\"") && !html.contains("transpose-table"))
    }
}

/// Pages of the library that sit beside the song folders must not meet a song's id.
@Suite struct LibraryPathTests {
    @Test func aSongCalledUsageKeepsItsPageAndTheHymnUsagePageItsOwn() throws {
        let site = try TestSite(withExample: true)
        try site.write("Content/songs/usage.md", "---\ntitle: Usage Test\n---\n## Verse 1\nWords\n")
        #expect(site.build().status == 0)
        #expect(site.read("Output/songs/usage/index.html")?.contains("Usage Test") == true)
        #expect(site.read("Output/songs/usage.html")?.contains("<h1>Hymn usage</h1>") == true)
    }
}

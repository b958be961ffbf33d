import Foundation
import LecternBuild
import LecternModel
import LecternRender
import LecternTemplate
import LecternWrite
import Testing

/// Builds against the previous build's record: only pages whose facts changed are rendered,
/// and the result is always the same bytes as a clean build.
@Suite struct IncrementalTests {
    func edit(_ site: TestSite, _ path: String, _ old: String, _ new: String) throws {
        let text = try #require(site.read(path))
        try #require(old.isEmpty || text.contains(old), "'\(old)' not in \(path)")
        try site.write(path, old.isEmpty ? text + new : text.replacingOccurrences(of: old, with: new))
    }

    @Test func aNoOpBuildRendersNothing() throws {
        let site = try TestSite(withExample: true)
        let first = site.pipeline()
        #expect(first.succeeded && first.rendered == first.pagesPlanned)
        let second = site.pipeline()
        #expect(second.rendered == 0)
        #expect(second.written.isEmpty)
    }

    @Test func aLyricsEditRendersOnlyThatSongsPagesAndSaysWhy() throws {
        let site = try TestSite(withExample: true)
        _ = site.pipeline()
        try edit(site, "Content/songs/hymns/amazing-grace.md", "[G7]dangers,", "[G7]perils,")
        let result = site.run(["build", "--date", "2026-11-22", "--explain"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("songs/amazing-grace/index.html: written because the lyrics or notes of song 'amazing-grace' changed"))
        #expect(result.stdout.contains("\n16 pages written"), "\(result.stdout)")
        let again = site.pipeline()
        #expect(again.rendered == 0)
    }

    /// With stamps trusted at once (as they are two seconds after a build), a lyrics edit takes
    /// the lyrics-only path: one file parsed, that song's pages rendered, nothing else read.
    /// `Output/` holds what a `--clean` build of the site into `Clean/` writes, file for file.
    func expectSameAsCleanBuild(_ site: TestSite, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        var options = BuildOptions(siteRoot: site.root, outputDirectory: site.root + "/Clean", date: CalendarDate(iso: "2026-11-22"), jobs: 2)
        options.clean = true
        #expect(Pipeline.run(options).succeeded, sourceLocation: sourceLocation)
        let incremental = site.snapshot("Output").filter { !$0.key.hasPrefix(".lectern") }
        let clean = site.snapshot("Clean").filter { !$0.key.hasPrefix(".lectern") }
        #expect(incremental.keys.sorted() == clean.keys.sorted(), sourceLocation: sourceLocation)
        #expect(incremental.keys.sorted().filter { incremental[$0] != clean[$0] } == [], sourceLocation: sourceLocation)
    }

    func trustedBuild(_ site: TestSite, tool: String = "") -> BuildResult {
        var options = BuildOptions(siteRoot: site.root, outputDirectory: site.root + "/Output", date: CalendarDate(iso: "2026-11-22"),
                                   environment: ["LECTERN_RACY_WINDOW": "0"], jobs: 2)
        options.toolStamp = tool
        return Pipeline.run(options)
    }

    /// A new lectern may render the same content differently: after an upgrade every page is
    /// rendered again (and written only if its bytes changed).
    @Test func aNewLecternRendersEveryPageAgain() throws {
        let site = try TestSite(withExample: true)
        let first = trustedBuild(site, tool: "lectern 1")
        #expect(first.succeeded)
        let same = trustedBuild(site, tool: "lectern 1")
        #expect(same.rendered == 0)
        let upgraded = trustedBuild(site, tool: "lectern 2")
        #expect(upgraded.rendered == first.pagesPlanned)
        #expect(upgraded.written.isEmpty, "same bytes: nothing is rewritten")
    }

    /// What shows the lyrics of Amazing Grace in the example site, in both locales: its page
    /// and slideshow, and the slides and consoles of the two services that sing it.
    static let amazingGraceLyricsPages: [String] = {
        let pages = ["songs/amazing-grace/index.html", "songs/amazing-grace/present/index.html",
                     "services/2026-11-08-morning/present/index.html", "services/2026-11-08-morning/console/index.html",
                     "services/2026-11-08-morning/charts/index.html",
                     "services/2026-11-22-morning/present/index.html", "services/2026-11-22-morning/console/index.html",
                     "services/2026-11-22-morning/charts/index.html"]
        return (pages + pages.map { "he/" + $0 }).sorted()
    }()

    @Test func aLyricsEditTakesTheLyricsOnlyPathAndATitleEditDoesNot() throws {
        let site = try TestSite(withExample: true)
        #expect(trustedBuild(site).succeeded)
        try edit(site, "Content/songs/hymns/amazing-grace.md", "[G7]dangers,", "[G7]perils,")
        let lyrics = trustedBuild(site)
        #expect(lyrics.lyricsOnly && lyrics.parsed == 1)
        #expect(lyrics.written.map(\.path).sorted() == Self.amazingGraceLyricsPages)
        #expect(site.read("Output/services/2026-11-22-morning/present/index.html")?.contains("perils,") == true)
        #expect(site.read("Output/songs/amazing-grace/index.html")?.contains("perils,") == true)
        #expect(lyrics.written.allSatisfy { $0.reason == "the lyrics or notes of song 'amazing-grace' changed" }, "\(lyrics.written)")

        try edit(site, "Content/songs/hymns/amazing-grace.md", "title: Amazing Grace\n", "title: Amazing Grace (Live)\n")
        let title = trustedBuild(site)
        #expect(!title.lyricsOnly && title.written.contains { $0.path == "songs/index.html" })
        // The first line is part of what lists show: editing it is not a lyrics-only change.
        try edit(site, "Content/songs/hymns/amazing-grace.md", "A[G]mazing [G7]grace!", "A[G]mazing [G7]mercy!")
        let firstLine = trustedBuild(site)
        #expect(!firstLine.lyricsOnly && firstLine.written.contains { $0.path == "songs/index.html" })
    }

    /// A title edit plans only the pages that declare a fact it changed (the song's summary, the
    /// library): those of a whole plan, no more and no fewer. A song moved to another album
    /// changes the pages of the album it left too, which no longer declares the song but
    /// declares which tracks it has (`.album`).
    @Test func aTitleEditPlansOnlyThePagesOfTheFactsItChanged() throws {
        let site = try TestSite(withExample: true)
        #expect(trustedBuild(site).succeeded)
        try edit(site, "Content/songs/hymns/amazing-grace.md", "title: Amazing Grace\n", "title: Amazing Grace (Live)\n")
        let title = trustedBuild(site)
        #expect(title.changedPagesOnly && !title.lyricsOnly)
        let whole = Pipeline.run(BuildOptions(siteRoot: site.root, date: CalendarDate(iso: "2026-11-22"), writeOutput: false)).plannedPages
        let changed: Set<Dependency> = [.songSummary("amazing-grace"), .songLibrary]
        let declaring = whole.filter { !$0.dependencies.isDisjoint(with: changed) }.map(\.outputPath).sorted()
        #expect(title.plannedPages.map(\.outputPath).sorted() == declaring)
        #expect(title.rendered == declaring.count && declaring.count < whole.count / 2, "\(declaring.count) of \(whole.count)")
        #expect(title.pagesPlanned == whole.count)
        #expect(site.read("Output/songs/index.html")?.contains("Amazing Grace (Live)") == true)

        // (Not a song of today's service: album pages declare those songs anyway.)
        try edit(site, "Content/songs/hymns/holy-holy-holy.md", "album: Hymns of the Church\n", "album: שירי שבת\n")
        let moved = trustedBuild(site)
        #expect(moved.changedPagesOnly)
        #expect(moved.written.contains { $0.path == "albums/hymns-of-the-church/index.html" }, "\(moved.written.map(\.path))")
        expectSameAsCleanBuild(site)
    }

    /// The outputs are checked beside the work of a one-song edit (`OutputCheck`): a page
    /// deleted or changed by hand, one the edit does not touch, still sends the build down the
    /// full path, which puts it back, and says why.
    @Test func aPageRemovedByHandComesBackWithAnEdit() throws {
        let site = try TestSite(withExample: true)
        #expect(trustedBuild(site).succeeded)
        let page = "Output/he/songs/hinei-ma-tov/present/index.html"
        let bytes = try #require(site.read(page))
        try FileManager.default.removeItem(atPath: site.root + "/" + page)
        try edit(site, "Content/songs/hymns/amazing-grace.md", "[G7]dangers,", "[G7]perils,")
        let lyrics = trustedBuild(site)
        #expect(!lyrics.lyricsOnly && !lyrics.changedPagesOnly)
        #expect(lyrics.whyBuilt == "output he/songs/hinei-ma-tov/present/index.html was changed or removed")
        #expect(site.read(page) == bytes)
        #expect(site.read("Output/songs/amazing-grace/index.html")?.contains("perils,") == true)

        try site.write(page, "edited by hand")
        try edit(site, "Content/songs/hymns/amazing-grace.md", "title: Amazing Grace\n", "title: Amazing Grace (Live)\n")
        let title = trustedBuild(site)
        #expect(!title.changedPagesOnly && title.whyBuilt?.hasSuffix("was changed or removed") == true)
        #expect(site.read(page) == bytes)
        #expect(site.read("Output/songs/index.html")?.contains("Amazing Grace (Live)") == true)
        // With every output in place again, the next edit takes its fast path.
        try edit(site, "Content/songs/hymns/amazing-grace.md", "[G7]perils,", "[G7]snares,")
        #expect(trustedBuild(site).lyricsOnly)
    }

    /// Every build shows every warning — a full one, one that changed nothing, one that read only
    /// an edited song — and a fixed warning goes away.
    @Test func everyBuildShowsEveryWarning() throws {
        let site = try TestSite(withExample: true)
        try edit(site, "Content/songs/hymns/amazing-grace.md", "cover: media/hymns-cover.svg\n", "cover: media/missing.svg\n")
        let warning = "Content/songs/hymns/amazing-grace.md:1:1: warning: cover 'media/missing.svg' does not exist under Content/"
        let full = trustedBuild(site)
        #expect(full.diagnostics.warnings.map(\.description).contains(warning), "\(full.diagnostics.all)")
        let nothing = trustedBuild(site)
        #expect(nothing.skippedEverything && nothing.diagnostics.sorted == full.diagnostics.sorted)
        try edit(site, "Content/songs/hymns/rock-of-ages.md", "", "\nA last line.\n")
        let other = trustedBuild(site)
        #expect(other.lyricsOnly && other.diagnostics.sorted == full.diagnostics.sorted, "\(other.diagnostics.all)")
        try edit(site, "Content/songs/hymns/amazing-grace.md", "[G7]dangers,", "[G7]perils,")
        let same = trustedBuild(site)
        #expect(same.lyricsOnly && same.diagnostics.sorted == full.diagnostics.sorted, "\(same.diagnostics.all)")
        try edit(site, "Content/songs/hymns/amazing-grace.md", "cover: media/missing.svg\n", "cover: media/hymns-cover.svg\n")
        let fixed = trustedBuild(site)
        #expect(!fixed.diagnostics.warnings.map(\.description).contains(warning))
        #expect(trustedBuild(site).diagnostics.sorted == fixed.diagnostics.sorted)
    }

    @Test func aTitleEditReachesListsAndServices() throws {
        let site = try TestSite(withExample: true)
        _ = site.pipeline()
        try edit(site, "Content/songs/hymns/amazing-grace.md", "title: Amazing Grace\n", "title: Amazing Grace (Live)\n")
        let result = site.pipeline()
        let written = Set(result.written.map(\.path))
        for page in ["songs/index.html", "songs/amazing-grace/index.html", "services/2026-11-22-morning/index.html",
                     "today/index.html", "albums/hymns-of-the-church/index.html", "he/songs/index.html"] {
            #expect(written.contains(page), "\(page) not rewritten")
        }
        #expect(!written.contains("songs/rock-of-ages/index.html"))
        #expect(site.read("Output/today/index.html")?.contains("Amazing Grace (Live)") == true)
    }

    /// A page depends on its own template and the partials and parents it uses, not on the
    /// whole theme: the section partial is used by song pages and services' chord charts only.
    @Test func aPartialEditRendersOnlyThePagesThatUseIt() throws {
        let site = try TestSite(withExample: true)
        let first = site.pipeline()
        let songPages = first.plannedPages.filter { ["song", "charts"].contains($0.template) }.map(\.outputPath)
        #expect(songPages.count > 4 && songPages.count < first.pagesPlanned)
        let partial = try String(contentsOfFile: TestSite.repositoryRoot + "/Themes/default/templates/partials/section.mustache", encoding: .utf8)
        try site.write("Themes/default/templates/partials/section.mustache", partial.replacingOccurrences(of: "class=\"section\"", with: "class=\"section x\""))
        let result = site.run(["build", "--date", "2026-11-22", "--explain"])
        #expect(result.stdout.contains("songs/amazing-grace/index.html: written because template 'song' or a template it uses changed"))
        #expect(result.stdout.contains("\(songPages.count) pages written"), "\(result.stdout)")
        #expect(site.read("Output/he/songs/amazing-grace/index.html")?.contains("class=\"section x\"") == true)
    }

    /// A template put into the site over the theme's, or taken out again, changes how pages
    /// look, not which pages there are: only the pages that use it are planned and rendered,
    /// and the result is what a clean build gives.
    @Test func anAddedOrRemovedTemplateOverridePlansOnlyThePagesThatUseIt() throws {
        let site = try TestSite(withExample: true)
        let first = trustedBuild(site)
        #expect(first.succeeded)
        let songPages = first.plannedPages.filter { $0.template == "song" }.map(\.outputPath).sorted()
        let shipped = try String(contentsOfFile: TestSite.repositoryRoot + "/Themes/default/templates/song.mustache", encoding: .utf8)
        try site.write("Themes/default/templates/song.mustache", shipped.replacingOccurrences(of: "<article class=\"song\"", with: "<article class=\"song x\""))
        let added = trustedBuild(site)
        #expect(added.changedPagesOnly)
        #expect(added.plannedPages.map(\.outputPath).sorted() == songPages)
        #expect(site.read("Output/he/songs/amazing-grace/index.html")?.contains("<article class=\"song x\"") == true)
        try FileManager.default.removeItem(atPath: site.root + "/Themes/default/templates/song.mustache")
        let removed = trustedBuild(site)
        #expect(removed.changedPagesOnly)
        #expect(removed.written.count == songPages.count)
        expectSameAsCleanBuild(site)
    }

    @Test func aTemplateEditRendersEveryPage() throws {
        let site = try TestSite(withExample: true)
        let first = site.pipeline()
        let layout = try String(contentsOfFile: TestSite.repositoryRoot + "/Themes/default/templates/layout.mustache", encoding: .utf8)
        try site.write("Themes/default/templates/layout.mustache", layout.replacingOccurrences(of: "<main id=\"main\">", with: "<main id=\"main\" class=\"x\">"))
        let result = site.pipeline()
        // Every page but the slideshows and consoles, which fill a screen without the layout,
        // and the files that are not HTML (search data, CSV, calendar and text exports).
        let projection = first.plannedPages.filter {
            ["present", "console"].contains($0.template) || OutputFormat(templateName: $0.template) != .html
        }
        #expect(projection.count > 10)
        #expect(result.rendered == first.pagesPlanned - projection.count)
    }

    /// The record holds, for every output, the hash of the bytes on disk — after a full build
    /// and after an incremental one that kept most files.
    @Test func theRecordHashesWhatWasWritten() throws {
        let site = try TestSite(withExample: true)
        _ = site.pipeline()
        try edit(site, "Content/songs/hymns/amazing-grace.md", "[G7]dangers,", "[G7]perils,")
        _ = site.pipeline()
        let record = BuildManifest.read(outputDirectory: site.root + "/Output")
        #expect(record.outputs.count > 50)
        for (path, output) in record.outputs {
            let bytes = [UInt8](try #require(FileManager.default.contents(atPath: site.root + "/Output/" + path)))
            var hash = StableHash()
            hash.add(bytes: bytes[...])
            #expect(output.contentHash == hash.hex && output.size == bytes.count, "\(path)")
        }
    }

    @Test func aCorruptRecordMeansAFullBuildNotACrash() throws {
        let site = try TestSite(withExample: true)
        _ = site.pipeline()
        let before = site.snapshot().filter { !$0.key.hasPrefix(".lectern") }
        try site.write("Output/.lectern/outputs", "lectern-outputs v4\nO\tsongs/index.html\tab")
        let result = site.pipeline()
        #expect(result.succeeded, "\(result.diagnostics.all)")
        #expect(result.rendered == result.pagesPlanned)
        #expect(site.snapshot().filter { !$0.key.hasPrefix(".lectern") } == before)
    }

    /// After every edit of a long sequence, the incremental output equals a clean build's.
    @Test func incrementalEqualsCleanAfterEveryEdit() throws {
        let site = try TestSite(withExample: true)
        #expect(site.pipeline().succeeded)
        var date = "2026-11-22"
        let steps: [(String, String, String)] = [
            ("Content/songs/hymns/amazing-grace.md", "[G7]dangers,", "[G7]perils,"),
            ("Content/songs/hymns/amazing-grace.md", "title: Amazing Grace\n", "title: Amazing Grace!\n"),
            ("Content/songs/hymns/rock-of-ages.md", "key: C", "key: D"),
            ("Content/services/2026/2026-11-29-advent.md", "leader: Sam Cohen", "leader: Ruth Adler"),
            ("Content/shootlists/templates/high-school.md", "- [ ] Drama club rehearsal", "- [x] Drama club rehearsal"),
            ("Content/strings/he.yaml", "", "nav.songs: שירים ותהילים\n"),
            ("Content/site.yaml", "title: Grace Chapel", "title: Grace Chapel Online"),
            ("", "", "2026-11-30"),
            ("Content/songs/hymns/new-song.md", "", "---\ntitle: A New Song\nalbum: Hymns of the Church\ntrack: 9\n---\n## Verse 1\n[G]New\n"),
            ("Content/services/2026/2026-11-29-advent.md", "  - shalom-aleichem\n", "  - new-song\n  - shalom-aleichem\n"),
        ]
        for (index, step) in steps.enumerated() {
            if step.0.isEmpty { date = step.2 }
            else if !site.exists(step.0) { try site.write(step.0, step.2) }
            else { try edit(site, step.0, step.1, step.2) }
            #expect(site.pipeline(date: date).succeeded, "step \(index)")
            #expect(site.pipeline(output: "Clean-\(index)", date: date, clean: true).succeeded)
            let incremental = site.snapshot("Output").filter { !$0.key.hasPrefix(".lectern") && $0.key != ".gitkeep" }
            let clean = site.snapshot("Clean-\(index)").filter { !$0.key.hasPrefix(".lectern") }
            let differing = Set(incremental.keys).union(clean.keys).filter { incremental[$0] != clean[$0] }.sorted()
            #expect(differing.isEmpty, "step \(index): \(differing.count) files differ from a clean build, e.g. \(differing.prefix(5))")
        }
        // Removing a song removes its pages from the incremental output too.
        try edit(site, "Content/services/2026/2026-11-29-advent.md", "  - new-song\n", "")
        try site.remove("Content/songs/hymns/new-song.md")
        #expect(site.pipeline(date: date).succeeded)
        #expect(!site.exists("Output/songs/new-song/index.html"))
    }

    @Test func whenNoInputChangedNothingIsEvenReadButEveryEditIsSeen() throws {
        let site = try TestSite(withExample: true)
        #expect(site.pipeline().succeeded)
        // Inputs changed within two seconds of the record are never trusted (git's racy rule).
        Thread.sleep(forTimeInterval: 2.2)
        let second = site.pipeline() // the full path: renders nothing, records fresh stamps
        #expect(second.succeeded && second.rendered == 0, "\(second.diagnostics.all) \(second.whyBuilt ?? "")")
        Thread.sleep(forTimeInterval: 2.2)
        let quiet = site.pipeline()
        #expect(quiet.skippedEverything && quiet.written.isEmpty && quiet.unchanged > 50, "built because \(quiet.whyBuilt ?? "?")")

        // Touched, not changed: the stamps differ, so the build runs, and renders nothing.
        let path = "Content/songs/hymns/amazing-grace.md"
        let touched = try #require(site.modificationDate(path))
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: site.root + "/" + path)
        let afterTouch = site.pipeline()
        #expect(!afterTouch.skippedEverything && afterTouch.rendered == 0)

        // Changed, with the old modification time put back (`touch -r`): still seen.
        Thread.sleep(forTimeInterval: 2.2)
        try edit(site, path, "[G7]dangers,", "[G7]perils,")
        try FileManager.default.setAttributes([.modificationDate: touched], ofItemAtPath: site.root + "/" + path)
        let afterEdit = site.pipeline()
        #expect(!afterEdit.skippedEverything)
        #expect(afterEdit.written.map(\.path).sorted() == Self.amazingGraceLyricsPages)

        // A different build date is a change too.
        Thread.sleep(forTimeInterval: 2.2)
        #expect(!site.pipeline(date: "2026-11-23").skippedEverything)
    }
}

@Suite struct ToolStampTests {
    /// Run from PATH (argv[0] is just "lectern"), the record must still identify the program, or
    /// an upgraded lectern would take the no-op fast path over a site the old one built.
    @Test func theRecordIdentifiesLecternWhenRunFromPath() throws {
        let binDir = TestSite.repositoryRoot + "/.build/debug"
        try #require(FileManager.default.isExecutableFile(atPath: binDir + "/lectern"), "build the lectern binary first")
        let site = try TestSite(withExample: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "lectern build --site '\(site.root)' --date 2026-11-22 --quiet"]
        process.environment = ["PATH": binDir + ":/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let tool = site.read("Output/.lectern/outputs")?.split(separator: "\n").first { $0.hasPrefix("S\ttool\t") }
        #expect(tool.map { $0.count > "S\ttool\t".count } == true, "no program stamp in the record: \(String(describing: tool))")
    }
}

/// Changed pages are swapped in from recycled spare files (`SpareFiles`): the bytes are right,
/// no spare stays behind, a hard-linked backup of the old file keeps its bytes, and the file
/// gets a new file's mode whatever the old one had.
@Suite struct ReplacementTests {
    @Test func aReplacedPageIsWholeAndABackupOfTheOldOneIsLeftAlone() throws {
        let site = try TestSite(withExample: true)
        #expect(site.build().status == 0)
        // A backup of the whole output made of hard links (`cp -al`, `rsync --link-dest`).
        let before = site.snapshot("Output").filter { !$0.key.hasPrefix(".lectern") }
        for path in before.keys {
            let target = site.root + "/Backup/" + path
            try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.linkItem(atPath: site.root + "/Output/" + path, toPath: target)
        }
        let other = site.root + "/Output/songs/amazing-grace/present/index.html"
        #expect(chmod(other, 0o600) == 0)
        let path = "Content/songs/hymns/amazing-grace.md"
        try site.write(path, try #require(site.read(path)).replacingOccurrences(of: "[G7]dangers,", with: "[G7]perils,"))
        #expect(site.build().status == 0)
        #expect(site.read("Output/songs/amazing-grace/index.html")?.contains("perils,") == true)
        #expect(site.read("Output/songs/amazing-grace/present/index.html")?.contains("perils,") == true)
        let backup = site.snapshot("Backup")
        let altered = before.keys.filter { backup[$0] != before[$0] }.sorted()
        #expect(backup.count == before.count && altered.isEmpty, "hard links to old pages lost their bytes: \(altered)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root + "/Output/.lectern")
        #expect(!leftovers.contains { $0.hasPrefix("spare") }, "\(leftovers)")
        let mode = try FileManager.default.attributesOfItem(atPath: other)[.posixPermissions] as? Int
        #expect(mode.map { $0 & 0o044 } == 0o044, "readable by the web server again: \(String(mode ?? 0, radix: 8))")
        // And the result is what a clean build gives.
        #expect(site.build(["--clean", "--output", "Clean"]).status == 0)
        let incremental = site.snapshot("Output").filter { !$0.key.hasPrefix(".lectern") }
        #expect(incremental == site.snapshot("Clean").filter { !$0.key.hasPrefix(".lectern") })
    }

    @Test func aFolderPutInAPagesPlaceIsNamedAndLeftAlone() throws {
        let site = try TestSite(withExample: true)
        #expect(site.build().status == 0)
        let page = "Output/songs/amazing-grace/present/index.html"
        try FileManager.default.removeItem(atPath: site.root + "/" + page)
        try site.write(page + "/notes.txt", "the team's own notes")
        let path = "Content/songs/hymns/amazing-grace.md"
        try site.write(path, try #require(site.read(path)).replacingOccurrences(of: "[G7]dangers,", with: "[G7]perils,"))
        let failed = site.build()
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("songs/amazing-grace/present/index.html:1:1: error: cannot write this file: a folder is where this file goes"),
                "\(failed.stderr)")
        #expect(failed.stdout.contains("some files may be written; the next build finishes the job"), "\(failed.stdout)")
        #expect(site.read(page + "/notes.txt") == "the team's own notes")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root + "/Output/.lectern")
        #expect(!leftovers.contains { $0.hasPrefix("spare") }, "\(leftovers)")
        // Moved away, the folder is replaced by the page, and the output is a clean build's.
        try FileManager.default.removeItem(atPath: site.root + "/" + page)
        #expect(site.build().status == 0)
        #expect(site.build(["--clean", "--output", "Clean"]).status == 0)
        #expect(site.snapshot("Output").filter { !$0.key.hasPrefix(".lectern") } == site.snapshot("Clean").filter { !$0.key.hasPrefix(".lectern") })
    }
}

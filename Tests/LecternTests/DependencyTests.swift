import Foundation
import LecternBuild
import LecternModel
import LecternRender
import Testing

/// Every page must be a pure function of the facts it declares (`PlannedPage.dependencies`):
/// the incremental build will skip a page whose declared facts did not change. So for each kind
/// of edit, every page whose bytes change must declare one of the facts that edit touches.
@Suite struct DependencyTests {
    struct Edit: CustomTestStringConvertible, Sendable {
        var name: String
        var file: String
        var old: String
        var new: String
        var date: String = "2026-11-22"
        /// The facts this edit changes; a changed page must depend on at least one.
        var facts: [Dependency]
        var testDescription: String { name }
    }

    static let edits: [Edit] = [
        Edit(name: "lyrics of a later verse", file: "Content/songs/hymns/amazing-grace.md",
             old: "[G7]dangers,", new: "[G7]perils,",
             facts: [.songBody("amazing-grace")]),
        Edit(name: "a song's title", file: "Content/songs/hymns/amazing-grace.md",
             old: "title: Amazing Grace\n", new: "title: Amazing Grace (Live)\n",
             facts: [.songSummary("amazing-grace"), .songLibrary]),
        Edit(name: "a song moved to another album", file: "Content/songs/hymns/holy-holy-holy.md",
             old: "album: Hymns of the Church\n", new: "album: שירי שבת\n",
             facts: [.songSummary("holy-holy-holy"), .songLibrary, .album("hymns-of-the-church")]),
        Edit(name: "a song's first line", file: "Content/songs/hymns/rock-of-ages.md",
             old: "[C]Rock of Ages, [G7]cleft for [C]me,\n", new: "[C]Rock of Ages, [G7]cleft for [C]thee,\n",
             facts: [.songBody("rock-of-ages"), .songSummary("rock-of-ages"), .songLibrary]),
        Edit(name: "a service's leader", file: "Content/services/2026/2026-11-29-advent.md",
             old: "leader: Sam Cohen", new: "leader: Ruth Adler",
             facts: [.service("2026-11-29-advent"), .serviceList]),
        Edit(name: "a shoot-list template item checked", file: "Content/shootlists/templates/high-school.md",
             old: "- [ ] Drama club rehearsal", new: "- [x] Drama club rehearsal",
             facts: [.shootList("lincoln-high-2025"), .shootList("roosevelt-middle-2026")]),
        Edit(name: "a Hebrew string", file: "Content/strings/he.yaml",
             old: "", new: "nav.songs: שירים ותהילים\n",
             facts: [.strings(locale: "he")]),
        Edit(name: "the build date", file: "", old: "", new: "", date: "2026-11-23", facts: [.buildDate]),
    ]

    @Test(arguments: edits)
    func changedPagesDeclareTheEditedFact(_ edit: Edit) throws {
        let site = try TestSite(withExample: true)
        let before = Pipeline.run(BuildOptions(siteRoot: site.root, outputDirectory: site.root + "/A",
                                               date: CalendarDate(iso: "2026-11-22"), jobs: 1))
        try #require(before.succeeded)
        if !edit.file.isEmpty {
            let text = site.read(edit.file) ?? ""
            try #require(edit.old.isEmpty || text.contains(edit.old), "fixture text not found in \(edit.file)")
            try site.write(edit.file, edit.old.isEmpty ? text + edit.new : text.replacingOccurrences(of: edit.old, with: edit.new))
        }
        let after = Pipeline.run(BuildOptions(siteRoot: site.root, outputDirectory: site.root + "/B",
                                              date: CalendarDate(iso: edit.date), jobs: 1))
        try #require(after.succeeded)
        let a = site.snapshot("A"), b = site.snapshot("B")
        let declaredFacts = Dictionary(after.plannedPages.map { ($0.outputPath, $0.dependencies) }, uniquingKeysWith: { a, _ in a })
        let changed = declaredFacts.keys.filter { a[$0] != b[$0] }.sorted()
        #expect(!changed.isEmpty, "the edit changed no page: the test would prove nothing")
        for page in changed {
            let declared = declaredFacts[page] ?? []
            #expect(!declared.isDisjoint(with: edit.facts),
                    "\(page) changed after editing \(edit.name) but declares none of \(edit.facts)")
        }
    }

    @Test func aLyricsEditChangesOnlyThatSongsPages() throws {
        let site = try TestSite(withExample: true)
        #expect(site.run(["build", "--date", "2026-11-22", "--quiet", "--output", "A"]).status == 0)
        let path = "Content/songs/hymns/amazing-grace.md"
        try site.write(path, try #require(site.read(path)).replacingOccurrences(of: "[G7]dangers,", with: "[G7]perils,"))
        #expect(site.run(["build", "--date", "2026-11-22", "--quiet", "--output", "B"]).status == 0)
        let a = site.snapshot("A"), b = site.snapshot("B")
        let changed = Set(a.keys).union(b.keys).filter { a[$0] != b[$0] && !$0.hasPrefix(".lectern") }
        #expect(changed.sorted() == IncrementalTests.amazingGraceLyricsPages)
    }

    /// A template the planner does not list has no fingerprint: its edits would reach no page.
    @Test func everyPlannedTemplateHasAFingerprint() throws {
        let site = try TestSite(withExample: true)
        let result = Pipeline.run(BuildOptions(siteRoot: site.root, date: CalendarDate(iso: "2026-11-22"), writeOutput: false))
        let templates = Set(result.plannedPages.map(\.template))
        #expect(templates.count > 10)
        #expect(templates.isSubset(of: PagePlanner.templatesUsed), "\(templates.subtracting(PagePlanner.templatesUsed))")
    }

    /// The lyrics-only path renders `PagePlanner.lyricsPages` and nothing else: those must be
    /// exactly the pages that declare a song's lyrics: its own page and slideshow, and the
    /// slideshow, console and chord charts of each service whose order of service names it.
    @Test func onlyASongsOwnPagesDependOnItsLyrics() throws {
        let site = try TestSite(withExample: true)
        let result = Pipeline.run(BuildOptions(siteRoot: site.root, date: CalendarDate(iso: "2026-11-22"), writeOutput: false))
        #expect(result.succeeded && !result.plannedPages.isEmpty)
        let songIDs = Set(result.plannedPages.flatMap(\.dependencies).compactMap { dependency -> String? in
            if case .songBody(let id) = dependency { return id } else { return nil }
        })
        #expect(songIDs.count > 5)
        for id in songIDs {
            let declaring = result.plannedPages.filter { $0.dependencies.contains(.songBody(id)) }.map(\.outputPath).sorted()
            let services = result.plannedPages.filter { $0.template == "service" && $0.dependencies.contains(.songSummary(id)) }
                .map { $0.outputPath.replacingOccurrences(of: "/index.html", with: "/") }
            let own: [String] = ["songs/\(id)/index.html", "songs/\(id)/present/index.html"].flatMap { [$0, "he/" + $0] }
            let ofServices: [String] = services.flatMap { service in
                ["present", "console", "charts"].map { service + $0 + "/index.html" }
            }
            let expected = own + ofServices
            #expect(declaring == expected.sorted(), "\(id): \(declaring)")
        }
    }
}

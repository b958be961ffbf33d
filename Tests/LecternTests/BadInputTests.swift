import Foundation
import Testing

/// Every bad input: a `path:line:column: error:` message, exit status 1, and the previous
/// output left exactly as it was.
@Suite struct BadInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var path: String
        var text: String
        var expected: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "malformed YAML", path: "Content/songs/broken.md",
             text: "---\ntitle: Broken\nauthors: [a, b\nkey: G\n---\n",
             expected: "Content/songs/broken.md:4:4: error: invalid YAML: did not find expected ',' or ']' (while parsing a flow sequence that starts at line 3)"),
        Case(name: "unknown song id", path: "Content/services/typo.md",
             text: "---\ntitle: Typo\ndate: 2026-12-06 10:00\nitems:\n  - amazing-grase\n---\n",
             expected: "Content/services/typo.md:5:5: error: no song with id 'amazing-grase' (did you mean 'amazing-grace'?)"),
        Case(name: "duplicate id", path: "Content/songs/more/amazing-grace.md",
             text: "---\ntitle: Amazing Grace again\n---\n",
             expected: "error: duplicate song id 'amazing-grace': also used by Content/songs/"),
        Case(name: "bad school year", path: "Content/shootlists/bad-year.md",
             text: "---\nschool: Oak School\nschool_year: 2025-2027\n---\n",
             expected: "Content/shootlists/bad-year.md:3:14: error: school year '2025-2027' must be two consecutive years, like 2025-2026"),
        Case(name: "unknown checklist attribute", path: "Content/shootlists/bad-attr.md",
             text: "---\nschool: Oak School\nschool_year: 2025-2026\n---\n## Sports\n- [ ] Team photo\n  - lens: 85mm\n",
             expected: "Content/shootlists/bad-attr.md:7:5: error: unknown attribute 'lens'"),
        Case(name: "missing title", path: "Content/songs/untitled.md",
             text: "---\nkey: G\n---\n## Verse 1\nla\n",
             expected: "Content/songs/untitled.md:2:1: error: a song needs a title"),
        Case(name: "service without front matter", path: "Content/services/plain.md",
             text: "Just some notes\n",
             expected: "Content/services/plain.md:1:1: error: missing front matter"),
        Case(name: "unknown slide footer setting", path: "Content/site.yaml",
             text: "title: Grace Chapel\nlocales: [en, he]\nslide_footer: sometimes\n",
             expected: "Content/site.yaml:3:15: error: slide_footer is 'sometimes'; use one of 'edges', 'every', 'none'"),
        Case(name: "logo outside Content", path: "Content/site.yaml",
             text: "title: Grace Chapel\nlocales: [en, he]\nlogo: ../logo.png\n",
             expected: "Content/site.yaml:3:1: error: logo '../logo.png' must be a file under Content/"),
        Case(name: "YAML anchor", path: "Content/songs/anchor.md",
             text: "---\ntitle: &t Anchored\n---\n",
             expected: "Content/songs/anchor.md:2:8: error: YAML anchors and aliases"),
    ]

    @Test(arguments: cases)
    func badInputFailsWithLocationAndLeavesOutputAlone(_ c: Case) throws {
        let site = try TestSite(withExample: true)
        #expect(site.build().status == 0)
        let before = site.snapshot()
        try site.write(c.path, c.text)
        let result = site.build(["--clean"])
        #expect(result.status == 1)
        #expect(result.stderr.contains(c.expected), "stderr was: \(result.stderr)")
        #expect(site.snapshot() == before)
        // `check` reports the same error without writing.
        let check = site.run(["check", "--date", "2026-11-22"])
        #expect(check.status == 1)
        #expect(check.stderr.contains(c.expected))
    }

    @Test(arguments: [["build", "--profile", "secret"], ["build", "--date", "2026-13-40"], ["publish"], ["build", "--jobs", "0"]])
    func usageErrorsExitWithTwo(_ arguments: [String]) throws {
        let site = try TestSite(withExample: true)
        let result = site.run(arguments)
        #expect(result.status == 2)
        #expect(!result.stderr.isEmpty)
    }

    @Test func missingSiteYAMLIsAContentError() throws {
        let site = try TestSite(files: ["Content/songs/a.md": "---\ntitle: A\n---\n"])
        let result = site.build()
        #expect(result.status == 1)
        #expect(result.stderr.contains("Content/site.yaml:1:1: error: missing Content/site.yaml"))
    }
}

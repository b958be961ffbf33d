import Foundation
import LecternModel
import Testing

/// `--profile public`, for the church website: no draft, no team notes, no shoot list unless
/// it says `public: true`, and no `by`, `session` or `notes` of a published one — in no file of
/// the output: pages, search data, exports, file names. The private values are read from the
/// example site's own files, so a value added there is checked too.
@Suite struct PublicProfileTests {
    /// Every private value written in the example site's content.
    static func privateValues(in site: TestSite) throws -> [String] {
        var values: [String] = []
        let content = site.root + "/Content"
        for case let path as String in FileManager.default.enumerator(atPath: content)! where path.hasSuffix(".md") {
            let text = try String(contentsOfFile: content + "/" + path, encoding: .utf8)
            let lines = text.split(separator: "\n").map(String.init)
            func value(_ line: String, after prefix: String) -> String? {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix(prefix) else { return nil }
                return String(trimmed.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
            }
            values += lines.compactMap { value($0, after: "private_notes:") }
            if path.hasPrefix("shootlists/") {
                // Sessions and notes (names in `by:` are also photographers and leaders, shown
                // publicly elsewhere; their absence is checked on the list's own files below).
                values += lines.compactMap { value($0, after: "- session:") ?? value($0, after: "- notes:") }
                if !lines.contains("public: true"), !path.hasPrefix("shootlists/templates/") {
                    values += lines.compactMap { value($0, after: "school:") }
                }
            }
            if lines.contains("draft: true") { values += lines.compactMap { value($0, after: "title:") } }
        }
        return values
    }

    @Test func noPrivateValueIsInAnyOutputFile() throws {
        let site = try TestSite(withExample: true)
        let result = site.build(["--profile", "public"])
        try #require(result.status == 0, "\(result.stderr)")
        let values = try Self.privateValues(in: site)
        #expect(values.count >= 12, "the example site has team notes, sessions, notes, a draft and a private list: \(values)")
        #expect(values.contains("Christmas Eve Candlelight Service") && values.contains("Lincoln High School"))
        let output = site.snapshot().filter { !$0.key.hasPrefix(".lectern/") }
        #expect(output.count > 100)
        for (path, bytes) in output {
            let text = String(decoding: bytes, as: UTF8.self)
            for value in values {
                #expect(!text.contains(value), "\(path) shows the private '\(value)'")
                #expect(!path.contains(Slug.make(value)) || Slug.make(value).count < 6, "\(path) is named after '\(value)'")
            }
        }
        // The published list: no "By", "Session" or "Notes", on its page or in its CSV.
        let page = try #require(site.read("Output/shootlists/roosevelt-middle-2026/index.html"))
        #expect(!page.contains("<dt>By</dt>") && !page.contains("<dt>Session</dt>") && !page.contains("<dt>Notes</dt>"))
        let csv = try #require(site.read("Output/shootlists/roosevelt-middle-2026/checklist.csv"))
        #expect(csv.hasPrefix("Category,Item,Id,Status,Required,Done on,Images\r\n"))
        #expect(!site.exists("Output/shootlists/lincoln-high-2025/index.html"))
        #expect(!site.exists("Output/services/2026-12-24-christmas-eve/index.html"))
    }

    @Test func aSiteCanMakePublicItsDefaultAndTheCommandLineStillChooses() throws {
        let site = try TestSite(withExample: true)
        let yaml = try #require(site.read("Content/site.yaml"))
        try site.write("Content/site.yaml", yaml + "profile: public\n")
        #expect(site.build().status == 0)
        #expect(!site.exists("Output/shootlists/lincoln-high-2025/index.html"))
        #expect(site.build(["--profile", "display"]).status == 0)
        #expect(site.exists("Output/shootlists/lincoln-high-2025/index.html"))
        #expect(site.read("Output/services/2026-11-22-morning/index.html")?.contains("Cantor Levi") == true)

        try site.write("Content/site.yaml", yaml + "profile: secret\n")
        let bad = site.build()
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("Content/site.yaml:\(yaml.split(separator: "\n").count + 1):10: error: profile is 'secret'; use one of 'display', 'public'"))
    }
}

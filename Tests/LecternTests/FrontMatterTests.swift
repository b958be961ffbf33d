import LecternLoad
import LecternModel
@testable import LecternParse
import Testing

@Suite struct FrontMatterTests {
    @Test func splitsOnLineAnchoredFencesOnly() throws {
        let file = sourceFile("Content/songs/a.md", "---\ntitle: A\n---\n## Verse 1\nLine\n\n---\n\nafter rule\n")
        let doc = try FrontMatterDocument.split(file).get()
        #expect(doc.yaml == "title: A")
        #expect(doc.bodyFirstLine == 4)
        #expect(doc.body.contains("after rule"))
    }

    /// The edges of the byte-level split: empty front matter, a closing fence on the last line
    /// with or without its newline, fences with trailing blanks, no front matter at all.
    @Test(arguments: [
        ("---\n---", "", "", 3), ("---\n---\n", "", "", 3), ("---\na: 1\n---", "a: 1", "", 4),
        ("---  \na: 1\n\nb: 2\n---\t\n\nbody\n", "a: 1\n\nb: 2", "\nbody\n", 6), ("---\n\n---\nx", "", "x", 4),
        ("---\nשָׁלוֹם: é\n---\n## Verse 1\n", "שָׁלוֹם: é", "## Verse 1\n", 4),
    ])
    func splitKeepsTheLinesAndTheirNumbers(_ text: String, _ yaml: String, _ body: String, _ bodyLine: Int) throws {
        let doc = try FrontMatterDocument.split(sourceFile("Content/songs/a.md", text)).get()
        #expect(doc.yaml == yaml)
        #expect(doc.body == body)
        #expect(doc.bodyFirstLine == bodyLine)
        #expect(doc.yamlFirstLine == 2)
    }

    @Test func aFileWithoutFrontMatterIsAllBody() throws {
        let doc = try FrontMatterDocument.split(sourceFile("Content/songs/a.md", "-- \n## Verse\n")).get()
        #expect(doc.yaml == nil)
        #expect(doc.body == "-- \n## Verse\n")
        #expect(doc.bodyFirstLine == 1)
    }

    @Test func unclosedFrontMatterIsAnError() {
        let file = sourceFile("Content/services/a.md", "---\ntitle: A\n")
        guard case .failure(let d) = FrontMatterDocument.split(file) else { Issue.record("expected failure"); return }
        #expect(d.description == "Content/services/a.md:1:1: error: front matter is not closed: add a line `---` after it")
    }

    @Test func scalarsKeepTheTextTheAuthorWrote() throws {
        var diagnostics = Diagnostics()
        let file = sourceFile("Content/songs/a.md", "")
        let fields = try #require(YAMLFields.parse("capo: no\nccli: 0123\nversion: 1.10\n", file: file, firstLine: 2, diagnostics: &diagnostics))
        #expect(fields.string("capo", diagnostics: &diagnostics) == "no")
        #expect(fields.string("ccli", diagnostics: &diagnostics) == "0123")
        #expect(fields.string("version", diagnostics: &diagnostics) == "1.10")
        #expect(!diagnostics.hasErrors)
    }

    @Test func anchorsAndAliasesAreRefusedWithTheirLocation() {
        var diagnostics = Diagnostics()
        let file = sourceFile("Content/songs/a.md", "")
        let yaml = "title: A & B\nauthors: [x]\nartist: &who [x]\nlyricist: *who\n"
        #expect(YAMLFields.parse(yaml, file: file, firstLine: 2, diagnostics: &diagnostics) == nil)
        #expect(diagnostics.errors.map(\.description) == [
            "Content/songs/a.md:4:9: error: YAML anchors and aliases (& and *) are not allowed in front matter",
        ])
    }

    @Test func nestedAliasBombIsRefusedQuickly() {
        var diagnostics = Diagnostics()
        var yaml = "a: &a [x, x, x, x, x, x, x, x, x]\n"
        for i in 1...9 { yaml += "b\(i): &b\(i) [" + Array(repeating: i == 1 ? "*a" : "*b\(i - 1)", count: 9).joined(separator: ",") + "]\n" }
        let start = ContinuousClock.now
        #expect(YAMLFields.parse(yaml, file: sourceFile("x.md", ""), firstLine: 2, diagnostics: &diagnostics) == nil)
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test func duplicateKeysAreAnErrorWithPathAndLine() {
        var diagnostics = Diagnostics()
        _ = YAMLFields.parse("title: A\ntitle: B\n", file: sourceFile("Content/songs/dup.md", ""), firstLine: 2, diagnostics: &diagnostics)
        let error = diagnostics.errors.first
        #expect(error?.location.path == "Content/songs/dup.md")
        #expect(error?.message.contains("duplicate key 'title'") == true)
    }

    @Test func malformedYAMLGivesFileLineAndColumn() {
        var diagnostics = Diagnostics()
        _ = YAMLFields.parse("title: A\nauthors: [x, y\nkey: G\n", file: sourceFile("Content/songs/bad.md", ""), firstLine: 2, diagnostics: &diagnostics)
        let error = diagnostics.errors.first
        #expect(error?.location.path == "Content/songs/bad.md")
        #expect((error?.location.line ?? 0) >= 3)
        #expect(error?.message.hasPrefix("invalid YAML") == true)
    }

    @Test func byteOrderMarkAndCRLFAreNormalised() {
        var diagnostics = Diagnostics()
        let text = TextDecoding.decode([0xEF, 0xBB, 0xBF] + Array("---\r\ntitle: A\r\n---\r\n".utf8), path: "a.md", diagnostics: &diagnostics)
        #expect(text == "---\ntitle: A\n---\n")
    }

    @Test func invalidUTF8IsAWarningNotGarbageSilently() {
        var diagnostics = Diagnostics()
        _ = TextDecoding.decode(Array("line one\n".utf8) + [0xE9, 0x0A], path: "Content/songs/latin1.md", diagnostics: &diagnostics)
        #expect(diagnostics.warnings.first?.location.line == 2)
    }
}

@Suite struct AnchorScanTests {
    func anchorLine(_ yaml: String) -> Int? {
        var d = Diagnostics()
        _ = YAMLFields.parse(yaml, file: sourceFile("a.md", ""), firstLine: 1, diagnostics: &d)
        return d.errors.first { $0.message.contains("anchors") }?.location.line
    }

    @Test func ampersandsInTextAreNotAnchors() {
        #expect(anchorLine("copyright: Words by A\n  & music by B\ntitle: T\n") == nil)
        #expect(anchorLine("title: \"Rock &\n  Roll\"\n") == nil)
        #expect(anchorLine("title: 'A & B'\nnote: |\n  &not an anchor\n") == nil)
        #expect(anchorLine("tags: [a, b & c]\n") == nil)
    }

    @Test func anchorsAreFoundWhereverANodeStarts() {
        #expect(anchorLine("a: &x 1\n") == 1)
        #expect(anchorLine("list:\n  - &x one\n") == 2)
        #expect(anchorLine("a:\n  &x\n  b: 1\n") == 2)
        #expect(anchorLine("t: [a, &x b]\n") == 1)
    }
}

import Foundation
import LecternBuild
import LecternModel
import LecternTemplate
import Mustache
import Testing

/// LecternTemplate against the Mustache spec (https://github.com/mustache/spec, the cases below
/// are written after its interpolation, sections, inverted, comments, delimiters, partials and
/// inheritance modules) and against swift-mustache, the implementation it replaced, on every
/// page of the example site.
@Suite struct TemplateTests {
    func render(_ text: String, _ data: TemplateValue, partials: [String: String] = [:]) throws -> String {
        var library = TemplateLibrary()
        library.register(try Template(text), named: "main")
        for (name, text) in partials { library.register(try Template(text), named: name) }
        return String(decoding: library.render("main", data), as: UTF8.self)
    }

    func syntaxError(_ text: String) -> TemplateSyntaxError? {
        do {
            _ = try Template(text)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Interpolation

    @Test func variablesAreEscapedUnlessTripleOrAmpersand() throws {
        let data: TemplateValue = ["x": "<b>\"Tom\" & 'Jerry'</b>"]
        #expect(try render("{{x}}", data) == "&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;")
        #expect(try render("{{{x}}}|{{&x}}|{{ x }}", data) == "<b>\"Tom\" & 'Jerry'</b>|<b>\"Tom\" & 'Jerry'</b>|&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;")
    }

    @Test func dottedNamesClimbOnlyForTheirFirstPart() throws {
        let data: TemplateValue = ["a": ["b": ["c": "deep"]], "c": "outer", "name": "root"]
        #expect(try render("{{a.b.c}}", data) == "deep")
        // `b` is found inside `a`, but `a.b.name` does not climb back out to the root's `name`.
        #expect(try render("[{{a.b.name}}]", data) == "[]")
        // Inside a section, a name the inner value lacks comes from the enclosing data.
        #expect(try render("{{#a}}{{#b}}{{c}} {{name}}{{/b}}{{/a}}", data) == "deep root")
        #expect(try render("[{{missing}}][{{missing.part}}]", data) == "[][]")
    }

    /// Fields are an array searched by key: keys of one length must still be told apart, a set
    /// replaces, `nil` removes, and equality and JSON do not depend on the order of setting.
    @Test func fieldsBehaveAsAMapWhateverTheirOrder() throws {
        var fields: TemplateFields = ["chord": "G", "lyric": "grace", "id": "v1"]
        #expect(fields["chord"] == "G" && fields["lyric"] == "grace" && fields["dir"] == nil)
        fields["chord"] = "C"
        fields["id"] = nil
        fields["has_x"] = true
        #expect(fields.count == 3 && fields["chord"] == "C" && fields["id"] == nil)
        let reordered: TemplateFields = ["has_x": true, "lyric": "grace", "chord": "C"]
        #expect(fields == reordered && fields != ["has_x": true, "lyric": "grace", "chord": "D"])
        #expect(TemplateValue.object(fields).json == TemplateValue.object(reordered).json)
        #expect(TemplateValue.object(fields).json == #"{"chord":"C","has_x":true,"lyric":"grace"}"#)
        let merged = fields.merging(["chord": "Em", "dir": "rtl"]) { _, new in new }
        #expect(merged.keys == ["chord", "lyric", "has_x", "dir"] && merged["chord"] == "Em")
        // The last of a literal's repeated keys wins, as a dictionary's would.
        #expect(try render("{{a}}", ["a": "first", "a": "last"]) == "last")
    }

    @Test func flagsPrintAsWords() throws {
        #expect(try render("{{yes}} {{no}}", ["yes": true, "no": false]) == "true false")
    }

    // MARK: Sections

    @Test func sectionsRepeatOverListsAndEnterObjects() throws {
        let data: TemplateValue = ["items": [["n": "1"], ["n": "2"], ["n": "3"]], "words": ["a", "b"], "person": ["name": "Ruth"]]
        #expect(try render("{{#items}}{{n}},{{/items}}", data) == "1,2,3,")
        #expect(try render("{{#words}}<{{.}}>{{/words}}", data) == "<a><b>")
        #expect(try render("{{#person}}{{name}}{{/person}}", data) == "Ruth")
    }

    @Test func falseyValuesHideSectionsAndShowInvertedOnes() throws {
        let data: TemplateValue = ["no": false, "none": [], "empty": "", "yes": true, "text": "t"]
        #expect(try render("{{#no}}x{{/no}}{{#none}}x{{/none}}{{#empty}}x{{/empty}}{{#missing}}x{{/missing}}", data) == "")
        #expect(try render("{{^no}}a{{/no}}{{^none}}b{{/none}}{{^empty}}c{{/empty}}{{^missing}}d{{/missing}}", data) == "abcd")
        #expect(try render("{{#yes}}a{{/yes}}{{^yes}}b{{/yes}}{{#text}}{{.}}{{/text}}{{^text}}c{{/text}}", data) == "at")
    }

    @Test func standaloneTagLinesVanish() throws {
        let data: TemplateValue = ["items": ["a", "b"]]
        #expect(try render("<ul>\n  {{#items}}\n  <li>{{.}}</li>\n  {{/items}}\n</ul>\n", data) == "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
        #expect(try render("a\r\n  {{! note }}\r\nb", data) == "a\r\nb")
        #expect(try render("  {{#items}}\n  x\n  {{/items}}", ["items": []]) == "")
        // Not standalone: other text on the line, or a value tag.
        #expect(try render(" x {{#items}}{{/items}}\n", data) == " x \n")
        #expect(try render("  {{v}}\n", ["v": "1"]) == "  1\n")
    }

    // MARK: Comments and delimiters

    @Test func commentsRenderNothingEvenAcrossLines() throws {
        #expect(try render("a{{! one }}b\n{{!\nmany\nlines\n}}\nc", [:]) == "ab\nc")
    }

    @Test func delimitersCanBeChanged() throws {
        #expect(try render("{{=<% %>=}}<% x %> {{x}} <%={{ }}=%>{{x}}", ["x": "1"]) == "1 {{x}} 1")
    }

    // MARK: Partials and inheritance

    @Test func partialsRenderInTheCurrentContextAndIndentWhenStandalone() throws {
        let data: TemplateValue = ["name": "Ruth", "lines": ["a", "b"]]
        #expect(try render("Hi {{>who}}!", data, partials: ["who": "{{name}}"]) == "Hi Ruth!")
        #expect(try render("<div>\n  {{>list}}\n</div>\n", data, partials: ["list": "{{#lines}}\n<p>{{.}}</p>\n{{/lines}}\n"])
                == "<div>\n  <p>a</p>\n  <p>b</p>\n</div>\n")
        #expect(try render("[{{>nothing}}]", data) == "[]")
    }

    @Test func parentsRenderWithTheChildsBlocks() throws {
        let partials = [
            "layout": "<title>{{$title}}Default{{/title}}</title>\n<main>\n{{$content}}{{/content}}\n</main>\n",
            "page": "{{<layout}}{{$title}}Page{{/title}}{{/layout}}",
        ]
        let child = "{{<layout}}\n{{$title}}Song: {{name}}{{/title}}\nignored text\n{{$content}}<p>{{name}}</p>{{/content}}\n{{/layout}}\n"
        #expect(try render(child, ["name": "Amazing Grace"], partials: partials)
                == "<title>Song: Amazing Grace</title>\n<main>\n<p>Amazing Grace</p>\n</main>\n")
        #expect(try render("{{<layout}}{{/layout}}", [:], partials: partials) == "<title>Default</title>\n<main>\n\n</main>\n")
        // The most derived template wins: this block overrides the one `page` gives `layout`.
        #expect(try render("{{<page}}{{$title}}Mine{{/title}}{{/page}}", [:], partials: partials).hasPrefix("<title>Mine</title>"))
        #expect(try render("{{<page}}{{/page}}", [:], partials: partials).hasPrefix("<title>Page</title>"))
    }

    @Test func aSharedFragmentRendersOnceForEveryPageAndSeesOnlyItsOwnData() throws {
        let made = Counter()
        let chart = SharedFragment {
            made.add()
            return ["lines": ["Amazing <grace>", "How sweet"]]
        }
        var library = TemplateLibrary()
        library.register(try Template("<h1>{{title}}</h1>\n{{#chart}}<p lang=\"{{lang}}\">{{#lines}}{{.}}/{{/lines}}</p>{{/chart}}\n"), named: "page")
        library.register(try Template("{{#chart}}[{{#lines}}{{.}}{{/lines}}]{{/chart}}"), named: "list.txt")
        let english = String(decoding: library.render("page", ["title": "Song", "lang": "en", "chart": .shared(chart)]), as: UTF8.self)
        let hebrew = String(decoding: library.render("page", ["title": "שיר", "lang": "he", "chart": .shared(chart)]), as: UTF8.self)
        // The page's `lang` is not in the fragment's scope: both pages show the same chart.
        #expect(english == "<h1>Song</h1>\n<p lang=\"\">Amazing &lt;grace&gt;/How sweet/</p>\n")
        #expect(hebrew == "<h1>שיר</h1>\n<p lang=\"\">Amazing &lt;grace&gt;/How sweet/</p>\n")
        #expect(made.value == 1)
        // Another section, in another format, renders it again, from its data made again.
        #expect(String(decoding: library.render("list.txt", ["chart": .shared(chart)]), as: UTF8.self) == "[Amazing <grace>How sweet]")
        #expect(made.value == 2)
        #expect(TemplateValue.shared(chart).json == #"{"lines":["Amazing \u003cgrace\u003e","How sweet"]}"#)
    }

    // MARK: Errors

    @Test func syntaxErrorsSayWhere() {
        #expect(syntaxError("<p>\n  {{#songs}}\n") == TemplateSyntaxError(line: 2, column: 3, message: "'songs' is never closed with {{/songs}}"))
        #expect(syntaxError("{{#a}}\n{{/b}}") == TemplateSyntaxError(line: 2, column: 1, message: "{{/b}} does not close 'a', opened at line 1"))
        #expect(syntaxError("x {{/a}}") == TemplateSyntaxError(line: 1, column: 3, message: "{{/a}} closes nothing"))
        #expect(syntaxError("ok\nשלום {{title") == TemplateSyntaxError(line: 2, column: 6, message: "this tag is never closed with '}}'"))
        #expect(syntaxError("{{song title}}")?.message == "'song title' is not a name: names have no spaces")
        #expect(syntaxError("{{}}")?.message == "this tag has no name")
        #expect(syntaxError("{{=<%=}}")?.message == "a delimiter change is written {{=<% %>=}}: two delimiters, no '='")
    }

    @Test func aBrokenThemeTemplateIsABuildErrorAtItsLine() throws {
        let site = try TestSite(withExample: true)
        try site.write("Themes/default/templates/songs.mustache", "{{<layout}}\n{{$content}}\n  {{#songs}}<li>{{title}}</li>\n{{/content}}\n{{/layout}}\n")
        let before = site.snapshot("Output")
        let result = site.build()
        #expect(result.status == 1)
        #expect(result.stderr.contains("Themes/default/templates/songs.mustache:4:1: error: {{/content}} does not close 'songs', opened at line 3"))
        #expect(site.snapshot("Output") == before)
    }

    // MARK: Against swift-mustache

    /// Every page of the example site, in both locales, renders to the same bytes as swift-mustache
    /// renders it from the same templates and the same data (as `[String: Any]`). HTML pages only:
    /// swift-mustache escapes every value as HTML, and the CSV, iCalendar and text exports escape
    /// their own way (`OutputFormatTests`, and the exports read back in `Tests/browser`).
    @Test func everyExamplePageMatchesSwiftMustache() throws {
        let site = try TestSite(withExample: true)
        let result = Pipeline.run(BuildOptions(siteRoot: site.root, outputDirectory: site.root + "/Output",
                                               date: CalendarDate(iso: "2026-11-22"), writeOutput: false))
        try #require(result.succeeded)
        let theme = try #require(result.theme)
        var reference = MustacheLibrary()
        for (name, file) in theme.files.templates { reference.register(try MustacheTemplate(string: file.text), named: name) }
        #expect(result.plannedPages.count > 50)
        for page in result.plannedPages where OutputFormat(templateName: page.template) == .html {
            let data = page.makeContext()
            let ours = String(decoding: theme.render(page.template, data), as: UTF8.self)
            let theirs = reference.render(Self.anyValue(.object(data)), withTemplate: page.template)
            #expect(ours == theirs, "\(page.outputPath) differs")
        }
    }

    static func anyValue(_ value: TemplateValue) -> Any {
        switch value {
        case .text(let text): return text
        case .bool(let flag): return flag
        case .list(let items): return items.map(anyValue)
        case .object(let fields): return Dictionary(uniqueKeysWithValues: fields.map { ($0.key, anyValue($0.value)) })
        // swift-mustache renders the fragment's section as any object's: the same bytes unless
        // a name inside it is missing from the fragment and found further out.
        case .shared(let fragment): return anyValue(.object(fragment.fields))
        }
    }
}

/// Counts calls from any thread.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}

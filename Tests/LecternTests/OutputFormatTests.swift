import LecternTemplate
import Testing

/// How a value tag escapes by the kind of file a template writes, and how an iCalendar file is
/// finished: RFC 4180 cells, RFC 5545 TEXT and content lines.
@Suite struct OutputFormatTests {
    func render(_ name: String, _ source: String, _ data: TemplateValue) throws -> String {
        var library = TemplateLibrary()
        library.register(try Template(source), named: name)
        return String(decoding: library.render(name, data), as: UTF8.self)
    }

    @Test func theFormatComesFromTheTemplatesLastExtension() {
        #expect(OutputFormat(templateName: "song") == .html)
        #expect(OutputFormat(templateName: "usage.csv") == .csv)
        #expect(OutputFormat(templateName: "service.ics") == .iCalendar)
        #expect(OutputFormat(templateName: "service.txt") == .plainText)
        #expect(OutputFormat(templateName: "partials/service-item-text") == .html)
    }

    @Test func csvCellsAreQuotedOnlyWhenTheyMustBe() throws {
        let data: TemplateValue = ["a": "plain", "b": "Come, Thou Fount", "c": "say \"hi\"", "d": "two\nlines", "e": "<&>"]
        #expect(try render("x.csv", "{{a}},{{b}},{{c}},{{d}},{{e}}\n{{a}}\n", data)
            == "plain,\"Come, Thou Fount\",\"say \"\"hi\"\"\",\"two\nlines\",<&>\r\nplain\r\n")
        // A quote before a combining mark (one Character with it) is doubled too.
        #expect(try render("x.csv", "{{q}}", ["q": "Say \"\u{05B4}Amen\""]) == "\"Say \"\"\u{05B4}Amen\"\"\"")
    }

    @Test func iCalendarTextIsEscapedAndLinesAreFoldedWithCRLF() throws {
        let data: TemplateValue = ["v": "a;b,c\\d\ne", "long": .text(String(repeating: "ש", count: 60))]
        let out = try render("x.ics", "A:{{v}}\n\nB:{{long}}\n", data)
        let lines = out.components(separatedBy: "\r\n")
        #expect(lines[0] == "A:a\\;b\\,c\\\\d\\ne")
        // 2 + 120 bytes: folded before 75 bytes, never inside a two-byte letter; the blank line dropped.
        #expect(lines.count == 4 && lines[3].isEmpty)
        #expect(lines[1].utf8.count <= 75 && lines[1].hasPrefix("B:") && lines[2].hasPrefix(" "))
        #expect(lines[1] + lines[2].dropFirst() == "B:" + String(repeating: "ש", count: 60))
    }

    @Test func plainTextIsNotEscaped() throws {
        #expect(try render("x.txt", "{{v}} {{{v}}}", ["v": "<b>&"]) == "<b>& <b>&")
        #expect(try render("x", "{{v}} {{{v}}}", ["v": "<b>&"]) == "&lt;b&gt;&amp; <b>&")
    }
}

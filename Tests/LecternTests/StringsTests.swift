import LecternLocale
import LecternModel
import LecternTemplate
import Testing

@Suite struct StringsTests {
    func table(_ path: String, _ yaml: String) -> StringTable {
        var d = Diagnostics()
        return StringTable.parse(sourceFile(path, yaml), diagnostics: &d)
    }

    @Test func siteOverridesThemeKeyByKeyAndLocalesFallBack() {
        var d = Diagnostics()
        let theme = ["en": table("Themes/default/strings/en.yaml", "a: A\nb: B\nn:\n  one: \"{count} hymn\"\n  other: \"{count} hymns\"\n"),
                     "he": table("Themes/default/strings/he.yaml", "a: א\nn:\n  one: מזמור אחד\n  two: שני מזמורים\n  other: \"{count} מזמורים\"\n")]
        let site = ["en": table("Content/strings/en.yaml", "b: Bee\n")]
        let all = LocalizedStrings.build(locales: ["en", "he"], defaultLocale: "en", theme: theme, site: site, diagnostics: &d)
        #expect(all["en"]?.text("b") == "Bee")
        #expect(all["he"]?.text("a") == "א")
        #expect(all["he"]?.text("b") == "Bee") // fallback to the default locale
        #expect(d.warnings.map(\.description) == ["Themes/default/strings/he.yaml:1:1: warning: missing translation for 'b' in he; using en"])
        #expect(all["en"]?.plural("n", count: 1) == "1 hymn")
        #expect(all["en"]?.plural("n", count: 4) == "4 hymns")
        #expect(all["he"]?.plural("n", count: 2) == "שני מזמורים")
        #expect(all["he"]?.plural("n", count: 7) == "7 מזמורים")
    }

    @Test func pluralWithoutOtherIsAnError() {
        var d = Diagnostics()
        _ = StringTable.parse(sourceFile("Content/strings/en.yaml", "x:\n  one: a\n"), diagnostics: &d)
        #expect(d.errors.first?.message == "plural 'x' needs an `other:` form")
    }

    @Test func templateTreeNestsDottedKeys() {
        var d = Diagnostics()
        let all = LocalizedStrings.build(locales: ["en"], defaultLocale: "en",
                                         theme: ["en": table("en.yaml", "service.todays_service: Today's Service\n")], site: [:], diagnostics: &d)
        guard case .object(let root)? = all["en"]?.templateTree, case .object(let service)? = root["service"] else {
            Issue.record("no nested 'service' object")
            return
        }
        #expect(service["todays_service"] == .text("Today's Service"))
    }

    @Test func datesAreFormattedForTheLocale() {
        let day = CalendarDate(year: 2026, month: 11, day: 22)
        #expect(DateFormatting(locale: "en").long(day) == "Sunday, November 22, 2026")
        let hebrew = DateFormatting(locale: "he").long(day)
        #expect(hebrew.contains("נובמבר") && hebrew.contains("2026"))
    }
}

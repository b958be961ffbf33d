import LecternModel
import LecternLocale
import Testing

@Suite struct PluralTests {
    @Test func numbersAreWrittenInTheLocalesOwnDigits() {
        var diagnostics = Diagnostics()
        let strings = LocalizedStrings.build(locales: ["en", "he", "ar-EG", "fa"], defaultLocale: "en", theme: [:], site: [:],
                                             diagnostics: &diagnostics)
        #expect(strings["en"]?.formatted(7) == "7")
        #expect(strings["en"]?.formatted(12345) == "12,345")
        #expect(strings["he"]?.formatted(42) == "42")
        #expect(strings["ar-EG"]?.formatted(5) == "٥")
        #expect(strings["ar-EG"]?.formatted(1234) == "١٬٢٣٤")
        #expect(strings["fa"]?.formatted(3) == "۳")
    }

    @Test func english() {
        #expect(PluralRules.category(for: 1, locale: "en") == .one)
        #expect(PluralRules.category(for: 0, locale: "en") == .other)
        #expect(PluralRules.category(for: 2, locale: "en-US") == .other)
    }

    @Test func hebrewHasADual() {
        #expect(PluralRules.category(for: 1, locale: "he") == .one)
        #expect(PluralRules.category(for: 2, locale: "he") == .two)
        #expect(PluralRules.category(for: 3, locale: "he") == .other)
        #expect(PluralRules.category(for: 20, locale: "he") == .other)
    }

    @Test func arabicUsesAllSix() {
        #expect([0, 1, 2, 3, 11, 100].map { PluralRules.category(for: $0, locale: "ar") } == [.zero, .one, .two, .few, .many, .other])
    }

    @Test func russian() {
        #expect([1, 2, 5, 11, 21, 22].map { PluralRules.category(for: $0, locale: "ru") } == [.one, .few, .many, .many, .one, .few])
    }
}

@Suite struct MorePluralTests {
    @Test func zeroIsOneInHindiAndPersian() {
        #expect(PluralRules.category(for: 0, locale: "hi") == .one)
        #expect(PluralRules.category(for: 0, locale: "fa") == .one)
        #expect(PluralRules.category(for: 2, locale: "fa") == .other)
    }

    @Test func millionsAreManyInFrenchAndSpanish() {
        #expect(PluralRules.category(for: 1_000_000, locale: "fr") == .many)
        #expect(PluralRules.category(for: 1_000_000, locale: "es") == .many)
        #expect(PluralRules.category(for: 5, locale: "es") == .other)
    }

    @Test func romanianAndLatvian() {
        #expect([1, 0, 19, 20, 101].map { PluralRules.category(for: $0, locale: "ro") } == [.one, .few, .few, .other, .few])
        #expect([0, 1, 11, 21, 2].map { PluralRules.category(for: $0, locale: "lv") } == [.zero, .one, .zero, .one, .other])
    }

    @Test func countsAreFormattedForTheLocale() {
        var d = Diagnostics()
        let t = StringTable.parse(sourceFile("en.yaml", "n:\n  one: \"{count} song\"\n  other: \"{count} songs\"\n"), diagnostics: &d)
        let en = LocalizedStrings.build(locales: ["en"], defaultLocale: "en", theme: ["en": t], site: [:], diagnostics: &d)
        #expect(en["en"]?.plural("n", count: 1234) == "1,234 songs")
    }
}

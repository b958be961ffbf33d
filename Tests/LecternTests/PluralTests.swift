import LecternLocale
import Testing

@Suite struct PluralTests {
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

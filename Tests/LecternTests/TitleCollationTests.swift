import Foundation
import LecternLocale
import Testing

/// The library's title order: the ASCII fast path must agree with Foundation's locale-aware
/// comparison wherever it is used, or the sort would follow two different orders at once.
@Suite struct TitleCollationTests {
    static let locales = ["en", "he", "ar", "fr", "de", "es", "it", "pt", "nl", "ru", "uk", "el", "ja", "ko", "zh", "fa", "id", "sw",
                          "hi", "am", "ti", "ur", "yi", "en-GB", "pt-BR"]

    @Test(arguments: locales)
    func asciiTitlesCompareAsFoundationDoes(_ locale: String) {
        let collation = TitleCollation(locale: locale)
        let foundationLocale = Locale(identifier: locale)
        let alphabet = Array("aAbBcCgGhHlLmMsSwWyYzZ0129  ")
        var random = SystemRandomNumberGenerator()
        var titles = ["Song 10", "Song 9", "song 9", "Song", "Songs", "A b", "Ab", "a", "", "Zion", "1 Corinthians", "10000 Reasons"]
        for _ in 0..<300 {
            titles.append(String((0..<Int.random(in: 0...6, using: &random)).map { _ in alphabet.randomElement(using: &random)! }))
        }
        for a in titles {
            for b in titles.prefix(40) {
                let expected = a.compare(b, options: [.caseInsensitive], range: nil, locale: foundationLocale)
                #expect(collation.compare(a, b) == expected, "'\(a)' vs '\(b)' in \(locale)")
            }
        }
    }

    @Test func hebrewTitlesSortInAlphabeticalOrderWithLatinOnesByTheirOwnRules() {
        let titles = ["תהילים", "אדון עולם", "Amazing Grace", "גשם", "be thou my vision", "בראשית", "Abide With Me"]
        let sorted = TitleCollation(locale: "he").sorted(titles, title: { $0 }, id: { $0 })
        let hebrew = sorted.filter { $0.unicodeScalars.first!.value >= 0x0590 }
        #expect(hebrew == ["אדון עולם", "בראשית", "גשם", "תהילים"])
        let latin = sorted.filter { $0.unicodeScalars.first!.value < 0x0590 }
        #expect(latin == ["Abide With Me", "Amazing Grace", "be thou my vision"])
    }

    @Test func equalTitlesFallBackToIds() {
        let songs = [("Holy", "z"), ("holy", "a"), ("HOLY", "m")]
        let sorted = TitleCollation(locale: "en").sorted(songs, title: { $0.0 }, id: { $0.1 })
        #expect(sorted.map(\.1) == ["a", "m", "z"])
    }
}

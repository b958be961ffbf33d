import Foundation
import LecternLocale
import Testing

/// The library's title order: ICU sort keys must order titles as Foundation's locale-aware
/// comparison does, so the order is the one readers of each locale expect.
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

    /// Accents, points, case, punctuation, ligatures and scripts. Where Foundation calls two
    /// titles equal the ids decide, so the keys may tell them apart ("ß" and "ss" only).
    @Test(arguments: ["en", "he", "fr", "de", "es", "ru", "ar", "ja", "sv", "da", "tr", "pl", "cs"])
    func titlesOfAnyScriptCompareAsFoundationDoes(_ locale: String) {
        let titles = ["Amazing Grace", "amazing grace", "Ámazing", "שָׁלוֹם", "שלום", "אבא", "Zion", "10,000 Reasons", "(Hallelujah)",
                      "O Holy Night", "O come", "O'Come", "o-come", "Oc", "Éire", "eire", "Straße", "strasse", "Œuvre", "naïve",
                      "naive", "Ça va", "ça", "  x", "x", "Song 10", "Song 9", "song-9", "Song_9", "İstanbul", "istanbul", "Ñu",
                      "nu", "Ωmega", "omega", "Яблоко", "яблоко", "中文", "日本", "한국", "🎵 Music", "Music", "\"Quoted\"",
                      "ﬁne", "fine", "a\u{301}", "á", "ו", "וּ", "ך", "כ", "לְ", "ל", "Åse", "Aase", "Ärger", "Zucker", "Ćma"]
        let collation = TitleCollation(locale: locale)
        let foundationLocale = Locale(identifier: locale)
        for a in titles {
            for b in titles {
                let expected = a.compare(b, options: [.caseInsensitive], range: nil, locale: foundationLocale)
                let actual = collation.compare(a, b)
                #expect(actual == expected || (expected == .orderedSame && Set([a, b]) == ["Straße", "strasse"]),
                        "'\(a)' vs '\(b)' in \(locale)")
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

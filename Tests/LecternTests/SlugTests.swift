import LecternModel
import Testing

@Suite struct SlugTests {
    @Test func latinTitles() {
        #expect(Slug.make("Amazing Grace") == "amazing-grace")
        #expect(Slug.make("It's Well — with My Soul!") == "its-well-with-my-soul")
        #expect(Slug.make("  Psalm 23  ") == "psalm-23")
        #expect(Slug.make("Café Ünïcode") == "cafe-unicode")
    }

    @Test func hebrewIsTransliteratedStablyAndNeverEmpty() {
        let a = Slug.make("הנה מה טוב")
        #expect(!a.isEmpty)
        #expect(Slug.isValid(a))
        #expect(a == Slug.make("הנה מה טוב"))
        #expect(a != Slug.make("שלום עליכם"))
    }

    @Test func symbolsOnlyFallBackToAShortHash() {
        let s = Slug.make("♪ ♫")
        #expect(s.hasPrefix("x-"))
        #expect(s.count == 10)
        #expect(Slug.isValid(s))
        #expect(s == Slug.make("♪ ♫"))
    }

    @Test func uniqueAddsANumber() {
        #expect(Slug.unique("c", taken: ["c", "c-2"]) == "c-3")
        #expect(Slug.unique("v1", taken: []) == "v1")
    }
}

import LecternModel
import LecternParse
import LecternRender
import LecternResolve
import Foundation
import Testing

/// The slides a song or a service becomes: order, title slides, credits, headings.
@Suite struct ProjectionTests {
    let songParser = MarkdownSongParser(sectionNames: SectionNames(), allowHTML: false)

    func song(_ text: String, id: String = "grace") throws -> Song {
        var d = Diagnostics()
        let song = try #require(songParser.parse(sourceFile("Content/songs/\(id).md", text), diagnostics: &d))
        #expect(!d.hasErrors)
        return song
    }

    static let grace = """
    ---
    title: Amazing Grace
    authors: [John Newton, John Rees]
    ccli: "22025"
    copyright: Public Domain
    order: [v1, c, v2, c]
    ---
    Notes, never projected.

    ## Verse 1
    A[G]mazing *grace*, how [C]sweet
    That saved

    a wretch like me

    ## Refrain {#c1}
    Praise

    ## Verse 2
    'Twas grace
    """

    func texts(_ deck: SlideDeck) -> [String] {
        deck.slides.map { slide in
            switch slide.kind {
            case .title, .heading: return "[\(slide.title ?? "")|\(slide.subtitle ?? "")]"
            case .lyrics: return "\(slide.sectionID!): " + slide.lines.joined(separator: " / ")
            case .free: return "free: " + slide.lines.joined()
            }
        }
    }

    @Test func aSongIsATitleSlideThenOneSlidePerParagraphInItsOrder() throws {
        let config = SiteConfig(title: "Chapel", ccliLicense: "1234567")
        let deck = DeckBuilder.deck(for: try song(Self.grace), config: config, listSeparator: ", ")
        // `c` in the order finds the chorus the file calls `c1`; chords are left out,
        // emphasis kept; the notes are not a slide.
        #expect(texts(deck) == [
            "[Amazing Grace|John Newton, John Rees]",
            "v1: Amazing <em>grace</em>, how sweet / That saved",
            "v1: a wretch like me",
            "c1: Praise",
            "v2: ’Twas grace",
            "c1: Praise",
        ])
        #expect(deck.slides.map(\.startsSection) == [false, true, false, true, true, true])
    }

    @Test func theCreditsGoOnTheFirstAndLastSlideOrEveryOrNone() throws {
        let song = try song(Self.grace)
        let credits = SlideCredits(copyright: "Public Domain", ccliSong: "22025", ccliLicense: "1234567")
        for (placement, expected) in [(SlideFooter.edges, [true, false, false, false, false, true]),
                                      (.every, [true, true, true, true, true, true]),
                                      (.none, [false, false, false, false, false, false])] {
            let config = SiteConfig(title: "Chapel", ccliLicense: "1234567", slideFooter: placement)
            let slides = DeckBuilder.deck(for: song, config: config, listSeparator: ", ").slides
            #expect(slides.map { $0.footer != nil } == expected, "\(placement)")
            #expect(slides.compactMap(\.footer).allSatisfy { $0 == credits })
        }
        // Without a CCLI number the licence number is not shown alone; without either, no credits.
        let noNumber = try self.song("---\ntitle: Hymn\ncopyright: © 1990 Someone\n---\n## Verse 1\nla\n")
        let slides = DeckBuilder.deck(for: noNumber, config: SiteConfig(title: "C", ccliLicense: "1234567"), listSeparator: ", ").slides
        #expect(slides.first?.footer == SlideCredits(copyright: "© 1990 Someone", ccliSong: nil, ccliLicense: nil))
        let bare = try self.song("---\ntitle: Hymn\n---\n## Verse 1\nla\n")
        #expect(DeckBuilder.deck(for: bare, config: SiteConfig(title: "C"), listSeparator: ", ").slides.allSatisfy { $0.footer == nil })
    }

    @Test func aServiceSingsInItsOwnOrderWithHeadingsAndFreeSlidesInPlace() throws {
        let grace = try song(Self.grace)
        var d = Diagnostics()
        let service = try #require(ServiceParser(allowHTML: false).parse(sourceFile("Content/services/sunday.md", """
        ---
        title: Sunday
        date: 2026-11-22 10:00
        items:
          - slide: |
              Welcome to **Grace** & peace
          - song: grace
            order: [v2, c]
          - heading: Scripture
            text: Psalm 23
        ---
        """), diagnostics: &d))
        let site = Resolver(config: SiteConfig(title: "C"), buildDate: CalendarDate(iso: "2026-11-22")!, profile: .display)
            .resolve(songs: [grace], services: [service], shootLists: [], diagnostics: &d)
        #expect(!d.hasErrors)
        let deck = DeckBuilder.deck(for: try #require(site.services.first), config: site.config, listSeparator: ", ")
        #expect(texts(deck) == [
            "free: <p dir=\"auto\">Welcome to <strong>Grace</strong> &amp; peace</p>\n",
            "[Amazing Grace|John Newton, John Rees]",
            "v2: ’Twas grace",
            "c1: Praise",
            "[Scripture|Psalm 23]",
        ])
        #expect(deck.items.map(\.number) == [1, 2, 3])
        #expect(deck.items.map(\.title) == ["Welcome to Grace & peace", "Amazing Grace", "Scripture"])
    }

    @Test func slideSettingsAreReadFromSiteYAML() throws {
        var d = Diagnostics()
        let config = try #require(SiteConfigParser.parse(sourceFile("Content/site.yaml", """
        title: Chapel
        slide_footer: every
        slide_fit: slide
        logo: media/logo.svg
        """), diagnostics: &d))
        #expect(!d.hasErrors)
        #expect(config.slideFooter == .every && config.slideFit == .slide && config.logo == "media/logo.svg")
        let defaults = try #require(SiteConfigParser.parse(sourceFile("Content/site.yaml", "title: Chapel\n"), diagnostics: &d))
        #expect(defaults.slideFooter == .edges && defaults.slideFit == .song && defaults.logo == nil)
    }

    /// The logo screen shows `logo:` — copied along when it lies outside `media/` — and, when
    /// the file is missing, the site title (with a warning), never a broken image.
    @Test func theLogoScreenShowsTheLogoOrElseTheSiteTitle() throws {
        let site = try TestSite(withExample: true)
        let yaml = try #require(site.read("Content/site.yaml"))
        let present = "Output/services/2026-11-22-morning/present/index.html"
        try site.write("Content/art/logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        try site.write("Content/site.yaml", yaml + "logo: art/logo.svg\n")
        #expect(site.build().status == 0)
        #expect(site.read(present)?.contains("<img src=\"../../../art/logo.svg\" alt=\"Grace Chapel\">") == true)
        #expect(site.exists("Output/art/logo.svg"))
        try site.write("Content/site.yaml", yaml + "logo: art/missing.svg\n")
        let missing = site.build()
        #expect(missing.status == 0)
        #expect(missing.stderr.contains("Content/site.yaml:1:1: warning: logo 'art/missing.svg' does not exist under Content/"))
        let page = try #require(site.read(present))
        #expect(!page.contains("<img") && page.contains("<p dir=\"auto\">Grace Chapel</p>"))
    }
}

import LecternModel
import LecternResolve

/// What the projector shows: a service or one song as slides, in the order they are sung.
/// Built from the content model alone; the `present` and `console` templates lay it out and
/// the theme's script steps through it.
public struct SlideDeck: Hashable, Sendable {
    public var items: [DeckItem]

    public var slides: [DeckSlide] { items.flatMap(\.slides) }
}

/// One entry of the running order: a song, a heading, or a free slide.
public struct DeckItem: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case song, heading, slide }

    /// 1-based, as numbered on the order of service: the digit keys jump to it.
    public var number: Int
    public var kind: Kind
    /// What the console's running order calls it.
    public var title: String
    /// A song's language (its lyrics' direction), nil for other items.
    public var language: String?
    public var slides: [DeckSlide]
}

/// One screenful.
public struct DeckSlide: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// A song's title and authors.
        case title
        /// A paragraph of a section.
        case lyrics
        /// A service heading and its line of text.
        case heading
        /// A free slide's Markdown.
        case free
    }

    public var kind: Kind
    /// The section a lyric slide belongs to (`v1`, `c`).
    public var sectionID: String?
    /// The first slide of a section where the order sings it (a chorus sung twice in a row
    /// starts twice): where the section keys jump to.
    public var startsSection = false
    /// Lyric lines as inline HTML (emphasis kept, chords left out); a free slide's HTML as one entry.
    public var lines: [String] = []
    /// For each lyric line, the same line in other languages (an OpenLyrics song's `lang` and
    /// `translit` verses), shown under it.
    public var translations: [[LyricTranslation]] = []
    /// A title or heading, and the line under it (the authors, a heading's text).
    public var title: String?
    public var subtitle: String?
    /// The copyright and CCLI line (`slide_footer:` decides which slides carry it).
    public var footer: SlideCredits?
}

/// The credits a song's licence asks to be shown with its words.
public struct SlideCredits: Hashable, Sendable {
    public var copyright: String?
    /// The song's CCLI number, and the church's licence number (site.yaml), shown beside it.
    public var ccliSong: String?
    public var ccliLicense: String?

    public init(copyright: String?, ccliSong: String?, ccliLicense: String?) {
        self.copyright = copyright
        self.ccliSong = ccliSong
        self.ccliLicense = ccliLicense
    }

    public var isEmpty: Bool { copyright == nil && ccliSong == nil }
}

/// Content model → slides.
public enum DeckBuilder {
    /// The whole service: its songs in the service's verse order, headings and free slides in place.
    public static func deck(for service: ResolvedService, config: SiteConfig, listSeparator: String) -> SlideDeck {
        var items: [DeckItem] = []
        for (index, item) in service.items.enumerated() {
            let number = index + 1
            switch item {
            case .song(let s):
                items.append(songItem(s.song, order: s.order, number: number, config: config, listSeparator: listSeparator))
            case .heading(let title, let text):
                items.append(DeckItem(number: number, kind: .heading, title: title, language: nil,
                                      slides: [DeckSlide(kind: .heading, title: title, subtitle: text)]))
            case .slide(let html, let text):
                items.append(DeckItem(number: number, kind: .slide, title: text, language: nil,
                                      slides: [DeckSlide(kind: .free, lines: [html])]))
            }
        }
        return SlideDeck(items: items)
    }

    /// One song on its own, in its own verse order.
    public static func deck(for song: Song, config: SiteConfig, listSeparator: String) -> SlideDeck {
        SlideDeck(items: [songItem(song, order: song.defaultOrder, number: 1, config: config, listSeparator: listSeparator)])
    }

    /// A title slide, then one slide per paragraph of each section named in `order`.
    static func songItem(_ song: Song, order: [String], number: Int, config: SiteConfig, listSeparator: String) -> DeckItem {
        let m = song.metadata
        var slides = [DeckSlide(kind: .title, title: m.title,
                                subtitle: m.authors.isEmpty ? nil : m.authors.joined(separator: listSeparator))]
        // A cached song's slides are decoded on each read: once per section, however often sung.
        var decoded: [String: [Slide]] = [:]
        for section in song.sections(inOrder: order) {
            let sectionSlides = decoded[section.id] ?? section.slides
            decoded[section.id] = sectionSlides
            for (index, slide) in sectionSlides.enumerated() {
                slides.append(DeckSlide(kind: .lyrics, sectionID: section.id, startsSection: index == 0,
                                        lines: slide.lines.map { HTML.inline($0.segments.flatMap(\.lyric)) },
                                        translations: slide.lines.map(\.translations)))
            }
        }
        if let credits = credits(of: song, config: config) {
            for index in slides.indices where carriesFooter(index, of: slides.count, placement: config.slideFooter) {
                slides[index].footer = credits
            }
        }
        return DeckItem(number: number, kind: .song, title: m.title, language: m.language, slides: slides)
    }

    /// The credits a song's slides carry; nil when they carry none.
    static func credits(of song: Song, config: SiteConfig) -> SlideCredits? {
        let m = song.metadata
        let credits = SlideCredits(copyright: m.copyright, ccliSong: m.ccli, ccliLicense: m.ccli == nil ? nil : config.ccliLicense)
        return credits.isEmpty || config.slideFooter == .none ? nil : credits
    }

    static func carriesFooter(_ index: Int, of count: Int, placement: SlideFooter) -> Bool {
        switch placement {
        case .every: return true
        case .none: return false
        case .edges: return index == 0 || index == count - 1
        }
    }
}

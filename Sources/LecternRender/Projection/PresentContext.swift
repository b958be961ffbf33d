import LecternModel
import LecternResolve
import LecternTemplate

/// Template data for the projection pages: the audience slideshow (`present`) of a service or
/// a song, and a service's operator console (`console`). Both lay out the same `SlideDeck`;
/// the theme's script keeps the two windows on the same slide.
extension LocaleContext {
    func songPresentPage(_ song: Song) -> TemplateFields {
        let page = PagePaths.songPresent(song.id)
        var c = projectionCommon(page: page, title: song.metadata.title, deckKey: "song:" + song.id)
        c["deck"] = .shared(songDeck(song))
        return c
    }

    /// A song's deck, rendered once for the locales that show it alike: all but a song whose
    /// slides carry credits (their labels are each locale's) or a site whose locales join
    /// authors or write the item number differently (`LocaleContext.decksAlike`).
    private func songDeck(_ song: Song) -> SharedFragment {
        let footers = DeckBuilder.credits(of: song, config: site.config) != nil
        return shared.forSong("deck", song.id, alike: !footers && decksAlike, locales: site.config.locales.count) {
            SharedFragment { [self] in
                var deck = deckContext(DeckBuilder.deck(for: song, config: site.config, listSeparator: listSeparator))
                // What the credits read besides their own data: a fragment sees nothing of the page.
                if footers { deck.merge(["ui_lang": .text(locale), "ui_dir": .text(dir), "t": stringTree], uniquingKeysWith: { _, new in new }) }
                return deck
            }
        }
    }

    func servicePresentPage(_ service: ResolvedService) -> TemplateFields {
        servicePage(service, page: PagePaths.servicePresent(service.id))
    }

    func serviceConsolePage(_ service: ResolvedService) -> TemplateFields {
        servicePage(service, page: PagePaths.serviceConsole(service.id))
    }

    private func servicePage(_ service: ResolvedService, page: String) -> TemplateFields {
        var c = projectionCommon(page: page, title: service.service.title, deckKey: "service:" + service.id)
        c["deck"] = .object(deckContext(DeckBuilder.deck(for: service, config: site.config, listSeparator: listSeparator)))
        c.merge(context([
            "back_href": link(from: page, to: PagePaths.service(service.id)),
            "present_href": link(from: page, to: PagePaths.servicePresent(service.id)),
            "when": when(service.service.date),
        ]), uniquingKeysWith: { _, new in new })
        return c
    }

    /// What every projection page shares. No site navigation: these pages fill a screen, and
    /// they do not depend on which lists the site publishes.
    private func projectionCommon(page: String, title: String, deckKey: String) -> TemplateFields {
        var c = common(page: page, title: title, navigation: false)
        c.put("deck_key", deckKey)
        // The page's own language and direction, for what is not content (the credits'
        // labels), where a slide's `dir` would otherwise be found first.
        c.put("ui_lang", locale)
        c.put("ui_dir", dir)
        c.put("fit", site.config.slideFit.rawValue)
        c.put("logo", mediaLink(from: page, site.config.logo))
        return c
    }

    /// Items with their slides (a song's slideshow holds them as a shared fragment); each slide numbered in deck order (the script's position) and
    /// given its fitting group: a song's lyric slides share one size unless `slide_fit: slide`.
    func deckContext(_ deck: SlideDeck) -> TemplateFields {
        var index = 0
        var items: [TemplateValue] = []
        for item in deck.items {
            let language = item.language ?? ""
            let dir = TextDirection.dir(ofContentIn: language)
            var slides: [TemplateValue] = []
            for slide in item.slides {
                let showsContent = slide.kind == .lyrics || slide.kind == .title
                var fields = TemplateFields()
                fields.reserveCapacity(16)
                fields.put("index", String(index))
                fields.put("item", String(item.number))
                fields.put("group", slide.kind == .lyrics ? "item-" + String(item.number) : "slide-" + String(index))
                fields.put("kind", slide.kind.rawValue)
                fields.put("is_" + slide.kind.rawValue, true)
                // Not `lang`: an empty value would let the template find the page's.
                fields.put("slide_lang", showsContent ? language : "")
                fields.put("dir", showsContent ? dir : "auto")
                fields.put("section", slide.sectionID)
                fields.put("starts_section", slide.startsSection)
                fields.put("short_label", slide.sectionID?.uppercased())
                fields.put("lines", .list(slide.lines.indices.map { i in
                    var line = TemplateFields()
                    line.put("html", slide.lines[i])
                    line.put("translations", i < slide.translations.count ? translationsContext(slide.translations[i]) : nil)
                    return .object(line)
                }))
                fields.put("first_line", slide.kind == .lyrics ? slide.lines.first : nil)
                fields.put("title", slide.kind == .free ? item.title : slide.title)
                fields.put("subtitle", slide.subtitle)
                fields.put("footer", slide.footer.map(footerContext))
                slides.append(.object(fields))
                index += 1
            }
            var fields = TemplateFields()
            fields.put("item", String(item.number))
            fields.put("number", strings.formatted(item.number))
            fields.put("kind", item.kind.rawValue)
            fields.put("title", item.title)
            fields.put("item_lang", language)
            fields.put("dir", dir)
            fields.put("slides", .list(slides))
            items.append(.object(fields))
        }
        var deck = TemplateFields()
        deck.put("items", .list(items))
        return deck
    }

    private func footerContext(_ credits: SlideCredits) -> TemplateValue {
        .object(context([
            "copyright": credits.copyright,
            "ccli_song": credits.ccliSong,
            "ccli_license": credits.ccliLicense,
        ]))
    }
}

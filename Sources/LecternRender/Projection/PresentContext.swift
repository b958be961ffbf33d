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
        c.merge(context([
            "deck_key": deckKey,
            // The page's own language and direction, for what is not content (the credits'
            // labels), where a slide's `dir` would otherwise be found first.
            "ui_lang": locale,
            "ui_dir": dir,
            "fit": site.config.slideFit.rawValue,
            "logo": mediaLink(from: page, site.config.logo),
        ]), uniquingKeysWith: { _, new in new })
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
                let group = slide.kind == .lyrics ? "item-\(item.number)" : "slide-\(index)"
                slides.append(.object(context([
                    "index": String(index),
                    "item": String(item.number),
                    "group": group,
                    "kind": slide.kind.rawValue,
                    "is_\(slide.kind.rawValue)": true,
                    // Not `lang`: an empty value would let the template find the page's.
                    "slide_lang": slide.kind == .lyrics || slide.kind == .title ? language : "",
                    "dir": slide.kind == .lyrics || slide.kind == .title ? dir : "auto",
                    "section": slide.sectionID,
                    "starts_section": slide.startsSection,
                    "short_label": slide.sectionID?.uppercased(),
                    "lines": TemplateValue.list(slide.lines.indices.map { i in
                        .object(context(["html": slide.lines[i],
                                         "translations": i < slide.translations.count ? translationsContext(slide.translations[i]) : nil]))
                    }),
                    "first_line": slide.kind == .lyrics ? slide.lines.first : nil,
                    "title": slide.kind == .free ? item.title : slide.title,
                    "subtitle": slide.subtitle,
                    "footer": slide.footer.map(footerContext),
                ])))
                index += 1
            }
            items.append(.object(context([
                "item": String(item.number),
                "number": strings.formatted(item.number),
                "kind": item.kind.rawValue,
                "title": item.title,
                "item_lang": language,
                "dir": dir,
                "slides": TemplateValue.list(slides),
            ])))
        }
        return context(["items": TemplateValue.list(items)])
    }

    private func footerContext(_ credits: SlideCredits) -> TemplateValue {
        .object(context([
            "copyright": credits.copyright,
            "ccli_song": credits.ccliSong,
            "ccli_license": credits.ccliLicense,
        ]))
    }
}

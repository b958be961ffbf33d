import Foundation
import LecternLocale
import LecternModel
import LecternResolve
import LecternTemplate

/// What every page of one UI locale shares: its strings, date formats, links, direction.
/// Immutable after init, so pages built from it may render on any thread. A class: each of a
/// site's 46,000 planned pages captures it, and capturing a struct copied the whole site's
/// arrays into each page's closure (a retain each, and a release when the plan was freed).
final class LocaleContext: @unchecked Sendable {
    let site: ResolvedSite
    let locale: String
    let strings: LocalizedStrings
    let allStrings: [String: LocalizedStrings]
    let dates: DateFormatting
    let paths: PagePaths
    let stringTree: TemplateValue
    /// What song pages need of the whole site: from `site`, or from the last build when only
    /// lyrics changed and `site` holds just the edited songs.
    let outline: SiteOutline
    let collation: TitleCollation
    /// ", " in most languages, "، " in Arabic: from the string tables.
    let listSeparator: String
    /// What pages of this build compute once for all (shared by every locale's context).
    let shared: SharedWork
    /// Every locale joins a song's authors and writes its item number alike, so a song's deck
    /// without credits is the same in each.
    let decksAlike: Bool
    /// Each locale of the site as the language switcher shows it, but for the page's link:
    /// found once, not for every page (a locale's own name comes from ICU's tables).
    let alternateLocales: [(fields: TemplateFields, paths: PagePaths)]

    init(site: ResolvedSite, locale: String, allStrings: [String: LocalizedStrings], outline: SiteOutline? = nil,
         shared: SharedWork = SharedWork()) {
        self.site = site
        self.locale = locale
        self.strings = allStrings[locale]!
        self.allStrings = allStrings
        self.dates = DateFormatting(locale: locale)
        self.paths = PagePaths(locale: locale, defaultLocale: site.config.locale)
        self.stringTree = strings.templateTree
        self.outline = outline ?? site.outline
        self.collation = TitleCollation(locale: locale)
        self.listSeparator = allStrings[locale]!.text("list.separator")
        self.shared = shared
        let wording = { (strings: LocalizedStrings) in strings.text("list.separator") + "|" + strings.formatted(1) }
        self.decksAlike = Set(site.config.locales.compactMap { allStrings[$0] }.map(wording)).count == 1
        self.alternateLocales = site.config.locales.map { other in
            var fields = TemplateFields()
            fields.put("locale", other)
            fields.put("name", Self.nativeName(of: other))
            fields.put("dir", TextDirection.dir(other))
            if other == locale { fields.put("current", true) }
            return (fields, PagePaths(locale: other, defaultLocale: site.config.locale))
        }
    }

    var dir: String { TextDirection.dir(locale) }

    /// A plural entry's forms as JSON (`{"one": …, "other": …}`), for a script that counts on
    /// the page and picks the form with the browser's `Intl.PluralRules` (the same CLDR rules).
    func pluralForms(_ key: String) -> String {
        guard case .plural(let forms)? = strings.entries[key] else { return TemplateValue.object(["other": .text(strings.text(key))]).json }
        return TemplateValue.object(TemplateFields(forms.map { ($0.key.rawValue, TemplateValue.text($0.value)) })).json
    }

    /// Every song in this locale's title order (then by id).
    var songsByTitle: [Song] {
        shared.songsByTitle(locale: locale) {
            let songs = site.songs
            return collation.order(titles: songs.map(\.metadata.title), ids: songs.map(\.id)).map { songs[$0] }
        }
    }

    func list(_ items: [String]) -> String { items.joined(separator: listSeparator) }

    /// A section's heading: as its file wrote it, or — for `{start_of_chorus}` or
    /// `<verse name="v2">`, which name no label — the kind's name in this locale ("Verse 2").
    func sectionLabel(_ label: String?, id: String?) -> String? {
        if let label, !label.isEmpty { return label }
        guard let id, let (kind, number) = SectionKind.of(id: id) else { return id }
        let name = strings.text(kind.stringKey)
        return number.map { name + " " + strings.formatted($0) } ?? name
    }

    /// "Capo 2 (plays in G)": the fret, and the key the shapes are played in (the song's key moved
    /// down by the capo). Without a key or a numeric capo, "Capo" and what was written.
    func capoText(capo: String?, key: String?) -> String? {
        guard let capo = capo?.trimmingWhitespace(), !capo.isEmpty, capo != "0" else { return nil }
        guard let fret = Int(capo), fret > 0, let key = key.flatMap(MusicalKey.parse) else {
            return strings.text("song.capo_fret", ["capo": capo])
        }
        return strings.text("song.capo_plays_in", ["capo": strings.formatted(fret), "key": key.transposed(by: -fret).description])
    }

    /// Translation lines under a lyric line, each with its own language and direction (`auto`
    /// when it names none).
    func translationsContext(_ translations: [LyricTranslation]) -> TemplateValue? {
        translations.isEmpty ? nil : .list(translations.map { t in
            .object(context(["lang": t.language, "dir": TextDirection.dir(ofContentIn: t.language), "text": t.text]))
        })
    }

    /// A verse order as shown: `V1 C V2 C`; nil when there is none.
    func orderText(_ order: [String]) -> String? {
        order.isEmpty ? nil : order.map { $0.uppercased() }.joined(separator: " ")
    }

    /// A locale's name in its own language, from CLDR ("עברית" for he), for the language switcher.
    static func nativeName(of locale: String) -> String {
        Locale(identifier: locale).localizedString(forIdentifier: locale) ?? locale
    }

    /// Keys every template can use: `lang`, `dir`, `root` (this locale's top), `top` (the output's
    /// top, for assets and media), `t` (strings), and for pages with the site's navigation `nav`,
    /// `show_shootlists` and `alternates` (the page in other locales).
    func common(page: String, title: String?, navigation: Bool = true) -> TemplateFields {
        let output = paths.output(page)
        let top = PagePaths.toTop(from: output)
        let root = top + paths.localePrefix
        var c = TemplateFields()
        c.reserveCapacity(14)
        c.put("lang", locale)
        c.put("dir", dir)
        c.put("top", top)
        c.put("root", root)
        c.put("assets", top + "assets/")
        c.put("t", stringTree)
        c.put("site_title", site.config.title)
        c.put("organization", site.config.organization)
        c.put("page_title", title)
        if navigation, alternateLocales.count > 1 {
            c.put("alternates", .list(alternateLocales.map { other in
                var a = other.fields
                a.put("href", top + other.paths.output(page))
                return .object(a)
            }))
        }
        if navigation, outline.hasShootLists { c.put("show_shootlists", true) }
        if navigation { c.put("nav", nav(root: root)) }
        return c
    }

    private func nav(root: String) -> TemplateValue {
        .object([
            "home": .text(root + PagePaths.home),
            "today": .text(root + PagePaths.today),
            "songs": .text(root + PagePaths.songs),
            "albums": .text(root + PagePaths.albums),
            "services": .text(root + PagePaths.services),
            "shootlists": .text(root + PagePaths.shootLists),
        ])
    }

    /// A link from `page` to another page of this locale.
    func link(from page: String, to target: String) -> String {
        PagePaths.toTop(from: paths.output(page)) + paths.localePrefix + target
    }

    /// A link from `page` to a file under `Content/` copied as-is (`media/x.jpg`), or an https URL.
    func mediaLink(from page: String, _ reference: String?) -> String? {
        guard let reference else { return nil }
        if reference.hasPrefix("https://") { return reference }
        // Percent-encode each segment: "Amazing Grace.mp3" or a '#' in a name must still link.
        let encoded = reference.split(separator: "/").map {
            $0.addingPercentEncoding(withAllowedCharacters: Self.pathSegmentCharacters) ?? String($0)
        }.joined(separator: "/")
        return PagePaths.toTop(from: paths.output(page)) + encoded
    }

    private static let pathSegmentCharacters: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove(charactersIn: "/?#;")
        return set
    }()
}

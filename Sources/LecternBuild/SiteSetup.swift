import LecternCache
import LecternLoad
import LecternLocale
import LecternModel
import LecternParse
import LecternRender

/// What every build reads before any content: the site folder listed (stage 1), `site.yaml`,
/// the theme, every locale's strings, and the content parser they configure. Shared by the full
/// pipeline and the lyrics-only path, so both read a site the same way.
struct SiteSetup {
    var loaded: LoadedSite
    var config: SiteConfig
    var themeFiles: ThemeFiles
    var strings: [String: LocalizedStrings]
    var parser: ContentParser
    /// What besides a file's bytes decides its parse (the parse cache's key).
    var cacheKey: String

    static func load(_ options: BuildOptions, shipped: String, contentFiles: [String],
                     diagnostics: inout Diagnostics) -> SiteSetup? {
        let loaded = SiteLoader.load(root: options.siteRoot, contentFiles: contentFiles, diagnostics: &diagnostics)
        guard var config = SiteConfigParser.parse(loaded.siteYAML, diagnostics: &diagnostics) else { return nil }
        config.logo = MediaReferences.logo(config, site: loaded, diagnostics: &diagnostics)
        guard let themeFiles = ThemeLoader.load(name: config.theme, siteRoot: loaded.root, shippedDirectory: shipped,
                                                configLocation: loaded.siteYAML!.location(), diagnostics: &diagnostics)
        else { return nil }
        let tables = parseStringTables(theme: themeFiles, site: loaded, diagnostics: &diagnostics)
        let strings = localizedStrings(config: config, tables: tables, themeName: themeFiles.name, site: loaded, diagnostics: &diagnostics)
        let sectionNames = sectionNames(from: tables)
        let parser = ContentParser(song: SongParser(sectionNames: sectionNames, allowHTML: config.allowHTML),
                                   service: ServiceParser(allowHTML: config.allowHTML),
                                   shootList: ShootListParser(allowHTML: config.allowHTML))
        let cacheKey = ContentParser.cacheKey(toolStamp: options.toolStamp, sectionNames: sectionNames, allowHTML: config.allowHTML)
        return SiteSetup(loaded: loaded, config: config, themeFiles: themeFiles, strings: strings, parser: parser, cacheKey: cacheKey)
    }

    typealias StringTables = (theme: [String: StringTable], site: [String: StringTable])

    /// Every string table of the theme and of `Content/strings/`, by locale.
    static func parseStringTables(theme: ThemeFiles, site: LoadedSite, diagnostics: inout Diagnostics) -> StringTables {
        var themeTables: [String: StringTable] = [:]
        for locale in theme.strings.keys.sorted() { themeTables[locale] = StringTable.parse(theme.strings[locale]!, diagnostics: &diagnostics) }
        var siteTables: [String: StringTable] = [:]
        for locale in site.stringOverrides.keys.sorted() {
            siteTables[locale] = StringTable.parse(site.stringOverrides[locale]!, diagnostics: &diagnostics)
        }
        return (themeTables, siteTables)
    }

    /// The theme's strings overridden key by key by the site's, for each locale built; every
    /// key the pages' code uses must exist (templates' keys are checked when they compile).
    static func localizedStrings(config: SiteConfig, tables: StringTables, themeName: String, site: LoadedSite,
                                 diagnostics: inout Diagnostics) -> [String: LocalizedStrings] {
        let defaultTable = tables.site[config.locale] ?? tables.theme[config.locale]
        guard defaultTable != nil else {
            diagnostics.error(site.siteYAML?.location() ?? SourceLocation(path: "Content/site.yaml"),
                              "no string table for the default locale '\(config.locale)' in theme '\(themeName)' or Content/strings/")
            return [:]
        }
        let strings = LocalizedStrings.build(locales: config.locales, defaultLocale: config.locale,
                                             theme: tables.theme, site: tables.site, diagnostics: &diagnostics)
        let at = tables.theme[config.locale]?.file.location() ?? defaultTable!.file.location()
        for key in PagePlanner.stringKeysUsedByCode where strings[config.locale]?.has(key) != true {
            diagnostics.error(at, "string '\(key)' is missing from every string table")
        }
        return strings
    }

    /// Section names from every string table there is, built locale or not, so `## פזמון` is a
    /// chorus even in a site that builds only English.
    static func sectionNames(from tables: StringTables) -> SectionNames {
        let all = tables.theme.sorted { $0.key < $1.key }.map(\.value) + tables.site.sorted { $0.key < $1.key }.map(\.value)
        return SectionNames(localized: all.flatMap { table in
            SectionNames.Kind.allCases.compactMap { kind -> (SectionNames.Kind, String)? in
                guard case .text(let name)? = table.entries[kind.stringKey] else { return nil }
                return (kind, name)
            }
        })
    }
}

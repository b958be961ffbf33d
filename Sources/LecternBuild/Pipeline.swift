import Foundation
import LecternLoad
import LecternLocale
import LecternModel
import LecternParse
import LecternRender
import LecternResolve
import LecternWrite

/// The whole build, stage by stage: load → parse → resolve → plan → render → write.
/// Data flows one way; any content error stops the build before the write stage, so the
/// previous output stays exactly as it was.
public enum Pipeline {
    public static func run(_ options: BuildOptions) -> BuildResult {
        var diagnostics = Diagnostics()
        var result = stages(options, diagnostics: &diagnostics)
        result.diagnostics = diagnostics
        return result
    }

    private static func stages(_ options: BuildOptions, diagnostics: inout Diagnostics) -> BuildResult {
        var result = BuildResult(diagnostics: Diagnostics())

        // 1. Load
        let loaded = SiteLoader.load(root: options.siteRoot, diagnostics: &diagnostics)
        guard let config = SiteConfigParser.parse(loaded.siteYAML, diagnostics: &diagnostics) else { return result }
        guard let themeFiles = ThemeLoader.load(name: config.theme, siteRoot: loaded.root,
                                                configLocation: loaded.siteYAML!.location(), diagnostics: &diagnostics)
        else { return result }

        // 2. Parse
        let strings = parseStrings(config: config, theme: themeFiles, site: loaded, diagnostics: &diagnostics)
        let sectionNames = SectionNames(localized: strings.values.flatMap { table in
            SectionNames.Kind.allCases.compactMap { kind in table.has(kind.stringKey) ? (kind, table.text(kind.stringKey)) : nil }
        }.sorted { ($0.0.rawValue, $0.1) < ($1.0.rawValue, $1.1) })
        let songParser = MarkdownSongParser(sectionNames: sectionNames, allowHTML: config.allowHTML)
        let songs = loaded.songs.compactMap { songParser.parse($0, diagnostics: &diagnostics) }
        let serviceParser = ServiceParser(allowHTML: config.allowHTML)
        let services = loaded.services.compactMap { serviceParser.parse($0, diagnostics: &diagnostics) }
        let listParser = ShootListParser(allowHTML: config.allowHTML)
        let lists = loaded.shootLists.compactMap {
            listParser.parse($0, relativePath: String($0.path.dropFirst("Content/shootlists/".count)), diagnostics: &diagnostics)
        }
        MediaReferences.check(songs, site: loaded, diagnostics: &diagnostics)

        // 3. Resolve
        let buildDate = BuildDate.resolve(explicit: options.date, environment: options.environment, timezone: config.timezone)
        let site = Resolver(config: config, buildDate: buildDate, profile: options.profile)
            .resolve(songs: songs, services: services, shootLists: lists, diagnostics: &diagnostics)

        guard let defaultStrings = strings[config.locale],
              let theme = CompiledTheme.compile(themeFiles, strings: defaultStrings, diagnostics: &diagnostics)
        else { return result }
        guard !diagnostics.hasErrors else { return result }

        // 4. Plan and 5. render
        let pages = PagePlanner.plan(site, strings: strings)
        result.pagesPlanned = pages.count
        guard options.writeOutput else { return result }
        let files = SiteRenderer.render(pages, theme: theme) + SiteRenderer.staticFiles(theme: theme, site: loaded)

        // 6. Write
        let pending = files.map { file in
            PendingFile(path: file.path, bytes: {
                switch file.contents {
                case .bytes(let b): return b
                case .copy(let source): return try FileSystem.readBytes(source)
                }
            })
        }
        let writer = OutputWriter(outputDirectory: options.outputDirectory)
        let manifest = BuildManifest.read(outputDirectory: options.outputDirectory)
        let conflicts = writer.conflicts(pending, manifest: manifest)
        guard conflicts.isEmpty else {
            diagnostics.append(contentsOf: conflicts)
            return result
        }
        do {
            let report = try writer.write(pending, previous: manifest)
            result.written = report.written
            result.unchanged = report.unchanged.count
            result.removed = report.removed
        } catch {
            diagnostics.error(SourceLocation(path: options.outputDirectory), "cannot write the output: \(error.localizedDescription)")
        }
        return result
    }

    /// The theme's string tables overridden key by key by `Content/strings/`, per locale.
    static func parseStrings(config: SiteConfig, theme: ThemeFiles, site: LoadedSite,
                             diagnostics: inout Diagnostics) -> [String: LocalizedStrings] {
        var themeTables: [String: StringTable] = [:]
        for (locale, file) in theme.strings { themeTables[locale] = StringTable.parse(file, diagnostics: &diagnostics) }
        var siteTables: [String: StringTable] = [:]
        for (locale, file) in site.stringOverrides { siteTables[locale] = StringTable.parse(file, diagnostics: &diagnostics) }
        if themeTables[config.locale] == nil && siteTables[config.locale] == nil {
            diagnostics.error(site.siteYAML?.location() ?? SourceLocation(path: "Content/site.yaml"),
                              "no string table for the default locale '\(config.locale)' in theme '\(theme.name)' or Content/strings/")
        }
        return LocalizedStrings.build(locales: config.locales, defaultLocale: config.locale,
                                      theme: themeTables, site: siteTables, diagnostics: &diagnostics)
    }
}

import Foundation
import LecternCache
import LecternLoad
import LecternModel
import LecternRender
import LecternResolve
import LecternWrite

/// The edit a worship team makes most, done the way Ninja does a one-file change: work in
/// proportion to the change, not to the site. When the only inputs that changed are songs whose
/// id and summary (front matter, section ids, first line) are what the build record holds, the
/// only facts that can have changed are those songs' lyrics, and the only pages that show them
/// are their own and the slides of the services that sing them (`PagePlanner.lyricsPages`).
/// So this path parses just those files, renders just those pages — from the songs, those
/// services (from the parse cache) and the last build's `SiteOutline` of the rest — and
/// appends the change to the record, without reading the other songs, resolving the site or
/// planning its 40,000 other pages.
///
/// It gives up (nil: the full pipeline runs) on anything else: another kind of input, a new id
/// or summary, an error, a missing outline or cache. The property test checks, after random
/// edits, that its output equals a clean build's.
enum LyricsOnlyBuild {
    /// What an attempt found out, or read, before it gave up, for the full pipeline to go on from.
    struct Attempt {
        var result: BuildResult?
        /// The site's settings, theme and strings, with what reading them reported.
        var setup: (SiteSetup, Diagnostics)?
        var parseCache: ParseCache?
    }

    /// `outputs`: whether every recorded output is in place; the attempt writes only if so.
    static func run(_ options: BuildOptions, changed: [String], stamps: [String: String], contentFiles: [String],
                    record: RecordLog, outputs: OutputCheck, outputDirectory: String, shipped: String, timer: inout StageTimer) -> Attempt {
        var attempt = Attempt()
        attempt.result = build(options, changed: changed, stamps: stamps, contentFiles: contentFiles, record: record,
                               outputs: outputs, outputDirectory: outputDirectory,
                               shipped: shipped, timer: &timer, attempt: &attempt)
        return attempt
    }

    private static func build(_ options: BuildOptions, changed: [String], stamps: [String: String], contentFiles: [String],
                              record: RecordLog, outputs: OutputCheck,
                              outputDirectory: String, shipped: String, timer: inout StageTimer, attempt: inout Attempt) -> BuildResult? {
        let root = URL(fileURLWithPath: options.siteRoot).standardizedFileURL.path
        let paths = changed.compactMap { FileSystem.relative($0, to: root) }
        guard paths.count == changed.count,
              paths.allSatisfy({ $0.hasPrefix("Content/songs/") && SongFormat.of(path: $0) != nil }),
              let last = OutlineFile.read(outputDirectory: outputDirectory)
        else { return nil }
        timer.lap("outline")

        // The site's settings, theme and strings did not change, so they read as last time
        // (their warnings are among the stored ones).
        var setupDiagnostics = Diagnostics()
        guard let setup = SiteSetup.load(options, shipped: shipped, contentFiles: contentFiles, diagnostics: &setupDiagnostics) else { return nil }
        attempt.setup = (setup, setupDiagnostics)
        guard !setupDiagnostics.hasErrors, Set(paths).isSubset(of: setup.loaded.songs) else { return nil }
        timer.lap("load")

        let previous = ParseCache.read(outputDirectory: outputDirectory, key: setup.cacheKey)
        var fresh = Diagnostics()
        let parsed = setup.parser.reparse(songs: paths, of: setup.loaded, stamps: stamps, previous: previous,
                                          jobs: options.jobs, racyWindow: options.racyWindow, diagnostics: &fresh)
        // If this path gives up, the full build goes on from these parses, not from scratch.
        attempt.parseCache = parsed.cache
        // Their media references are checked again: the warnings for these files are all new.
        _ = MediaReferences.check(parsed.songs, site: setup.loaded, diagnostics: &fresh)
        guard !fresh.hasErrors, parsed.songs.count == paths.count else { return nil }
        var newBodies: [Dependency: String] = [:]
        var edited: [Song] = []
        let songFacts = record.entries(facts: Set(parsed.songs.flatMap { [Dependency.songSummary($0.id).key, Dependency.songBody($0.id).key] }),
                                       outputs: []).facts
        for (path, song) in zip(paths, parsed.songs) {
            let fingerprints = parsed.songFingerprints[song.id] ?? SongFingerprints(song)
            guard previous.song(at: path)?.id == song.id,
                  songFacts[Dependency.songSummary(song.id).key] == fingerprints.summary,
                  let body = songFacts[Dependency.songBody(song.id).key]
            else { return nil }
            if body != fingerprints.body {
                newBodies[.songBody(song.id)] = fingerprints.body
                edited.append(song)
            }
        }
        let buildDate = BuildDate.resolve(explicit: options.date, environment: options.environment, timezone: setup.config.timezone)
        guard let services = servicesSinging(edited, paths: paths, parsed: parsed.songs, outline: last.outline, cache: previous,
                                             config: setup.config, buildDate: buildDate, profile: options.profile(for: setup.config))
        else { return nil }
        timer.lap("parse")

        var compileDiagnostics = Diagnostics()
        guard let defaultStrings = setup.strings[setup.config.locale],
              let theme = CompiledTheme.compile(setup.themeFiles, strings: defaultStrings, diagnostics: &compileDiagnostics)
        else { return nil }
        let site = ResolvedSite.songsOnly(edited, services: services, config: setup.config, buildDate: buildDate,
                                          profile: options.profile(for: setup.config))
        let pages = PagePlanner.lyricsPages(of: edited, site: site, outline: last.outline, strings: setup.strings)
        let recorded = record.entries(facts: Set(pages.flatMap { $0.dependencies.map(\.key) }), outputs: Set(pages.map(\.outputPath)))
        guard pages.allSatisfy({ recorded.outputs[$0.outputPath]?.fingerprint != nil }) else { return nil }
        var fingerprints: [String: String] = [:]
        var reasons: [String: String] = [:]
        for page in pages {
            fingerprints[page.outputPath] = FactFingerprints.page(page, recorded: recorded.facts, replacing: newBodies)
            reasons[page.outputPath] = page.dependencies.filter { newBodies[$0] != nil }.map(\.explanation).sorted().joined(separator: "; ")
        }
        // The pages not rendered are trusted to be in place: only now is that waited for.
        guard outputs.firstMissing == nil else { return nil }
        let files = SiteRenderer.files(pages, theme: theme)

        var diagnostics = Diagnostics()
        diagnostics.append(contentsOf: last.warnings.filter { !paths.contains($0.location.path) })
        diagnostics.append(contentsOf: fresh)
        var result = BuildResult(diagnostics: Diagnostics())
        result.lyricsOnly = true
        result.parsed = parsed.parsedCount
        result.rendered = pages.count
        result.pagesPlanned = record.pageCount
        let saved = WriteStage.Record(
            fingerprints: fingerprints, stamps: stamps,
            settings: NoOpCheck.settings(options: options, buildDate: buildDate, timezone: setup.config.timezone),
            outline: last.outline, warnings: diagnostics.warnings, parseCache: parsed.cache,
            pages: .some(kept: record.outputCount - pages.count,
                         changedFacts: Dictionary(newBodies.map { ($0.key.key, $0.value) }, uniquingKeysWith: { a, _ in a }),
                         own: recorded.outputs, previous: record))
        WriteStage(outputDirectory: outputDirectory, displayRoot: setup.loaded.root, jobs: options.jobs)
            .run(files, reasons: reasons, record: saved, result: &result, diagnostics: &diagnostics, timer: &timer)
        result.diagnostics = diagnostics
        return result
    }

    /// The services whose slides show the words of `edited`, resolved with their songs: the
    /// edited ones as just parsed, the others from the parse cache. Nil if any is missing
    /// there. What resolving reports is dropped: these services and the songs' section ids did
    /// not change, so their warnings are among the stored ones.
    private static func servicesSinging(_ edited: [Song], paths: [String], parsed: [Song], outline: SiteOutline, cache: ParseCache,
                                        config: SiteConfig, buildDate: CalendarDate, profile: Profile) -> [ResolvedService]? {
        let editedFiles = Set(edited.map(\.source.path))
        let files = outline.services(singing: editedFiles)
        guard !files.isEmpty else { return [] }
        let fresh = Dictionary(zip(paths, parsed).map { ($0, $1) }, uniquingKeysWith: { a, _ in a })
        var services: [Service] = []
        var songs: [String: Song] = [:]
        for file in files {
            guard let service = cache.service(at: file) else { return nil }
            services.append(service)
            for songFile in outline.serviceSongs[file] ?? [] where songs[songFile] == nil {
                guard let song = fresh[songFile] ?? cache.song(at: songFile) else { return nil }
                songs[songFile] = song
            }
        }
        var ignored = Diagnostics()
        let site = Resolver(config: config, buildDate: buildDate, profile: profile)
            .resolve(songs: songs.keys.sorted().map { songs[$0]! }, services: services, shootLists: [], diagnostics: &ignored)
        guard !ignored.hasErrors, site.services.count == services.count else { return nil }
        return site.services
    }
}

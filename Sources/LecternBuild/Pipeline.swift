import Foundation
import LecternCache
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
        var timer = StageTimer(environment: options.environment)
        let outputDirectory = URL(fileURLWithPath: options.outputDirectory).standardizedFileURL.path
        let shipped = ThemeLoader.shippedThemesDirectory(environment: options.environment)

        // 0. Nothing changed since the last build? Then there is nothing to read or do.
        // Stamps are taken before anything is read, so an edit made during this build is seen
        // by the next one.
        let siteRoot = URL(fileURLWithPath: options.siteRoot).standardizedFileURL.path
        // The record is read beside the stamps: the two need each other only in the no-op check.
        let recordRead = options.writeOutput ? Background { RecordLog.read(outputDirectory: outputDirectory) } : nil
        let contentFiles = FileSystem.filesBelow(siteRoot + "/Content")
        let stamps = options.writeOutput
            ? InputStamps.collect(siteRoot: siteRoot, contentFiles: contentFiles, themeDirectories: [siteRoot + "/Themes", shipped],
                                  jobs: options.jobs) : [:]
        timer.lap("stamps")
        // The record, decoded only as far as the no-op check needs; the rest once a build renders.
        let log = recordRead?.value
        timer.lap("record")
        var attempt: LyricsOnlyBuild.Attempt?
        // Some inputs changed: whether every recorded output is still in place is being found
        // out on another thread, and asked only once the site is parsed and resolved.
        var outputCheck: OutputCheck?
        let verdict = options.writeOutput && !options.clean
            ? NoOpCheck.check(options: options, record: log, outputDirectory: outputDirectory, stamps: stamps) : nil
        timer.lap("no-op check")
        switch verdict {
        case nil:
            break
        case .nothingChanged(let outputs)?:
            result.unchanged = outputs
            result.skippedEverything = true
            // Every build shows every warning: the last build's, as it reported them.
            diagnostics.append(contentsOf: OutlineFile.read(outputDirectory: outputDirectory)?.warnings ?? [])
            return result
        case .inputsChanged(let changed, let reason, let outputs)?:
            guard let log else { break } // (the check finds changed inputs only against a record)
            attempt = LyricsOnlyBuild.run(options, changed: changed, stamps: stamps, contentFiles: contentFiles, record: log,
                                          outputs: outputs, outputDirectory: outputDirectory, shipped: shipped, timer: &timer)
            if var fast = attempt?.result {
                fast.whyBuilt = reason.description
                diagnostics = fast.diagnostics
                return fast
            }
            outputCheck = outputs
            result.whyBuilt = reason.description
        case .mustBuild(let reason)?:
            result.whyBuilt = reason.description
        }

        timer.lap("no-op check or lyrics-only attempt")
        // 1. Load, and 2. parse (what the lyrics-only attempt read is not read again)
        let setup: SiteSetup
        if let (tried, reported) = attempt?.setup {
            setup = tried
            diagnostics.append(contentsOf: reported)
        } else {
            guard let loaded = SiteSetup.load(options, shipped: shipped, contentFiles: contentFiles, diagnostics: &diagnostics) else { return result }
            setup = loaded
        }
        timer.lap("load")
        let (loaded, config, strings) = (setup.loaded, setup.config, setup.strings)
        let previousParses = !options.writeOutput || options.clean ? ParseCache(key: setup.cacheKey)
            : attempt?.parseCache ?? ParseCache.read(outputDirectory: outputDirectory, key: setup.cacheKey)
        let parsed = setup.parser.parse(loaded, stamps: stamps, previous: previousParses, jobs: options.jobs,
                                        racyWindow: options.racyWindow, diagnostics: &diagnostics)
        let (songs, services, lists) = (parsed.songs, parsed.services, parsed.shootLists)
        result.parsed = parsed.parsedCount
        let extraMedia = Set(MediaReferences.check(songs, site: loaded, diagnostics: &diagnostics)
            + MediaReferences.logoCopy(config, site: loaded)).sorted()

        timer.lap("parse")
        // The facts the record holds, decoded beside resolving and fingerprinting: they are
        // compared with this build's in planning.
        let recordedFactsRead = options.clean ? nil : log.map { log in Background { log.facts() } }
        // 3. Resolve
        let buildDate = BuildDate.resolve(explicit: options.date, environment: options.environment, timezone: config.timezone)
        let site = Resolver(config: config, buildDate: buildDate, profile: options.profile(for: config))
            .resolve(songs: songs, services: services, shootLists: lists, diagnostics: &diagnostics)

        guard let defaultStrings = strings[config.locale],
              let theme = CompiledTheme.compile(setup.themeFiles, strings: defaultStrings, diagnostics: &diagnostics)
        else { return result }
        guard !diagnostics.hasErrors else { return result }

        timer.lap("resolve")
        // 4. Plan and 5. render
        // What pages need of the whole site (albums, today's songs, usage): derived once, for
        // the plan, the facts and the record.
        let outline = site.outline
        result.theme = theme
        guard options.writeOutput else {
            result.plannedPages = PagePlanner.plan(site, strings: strings, outline: outline)
            result.pagesPlanned = result.plannedPages.count
            return result
        }
        let others = SiteRenderer.staticFiles(theme: theme, site: loaded, extraMedia: extraMedia)
        let facts = FactFingerprints.compute(site: site, strings: strings, theme: theme, usage: outline.songUsage, songs: parsed.songFingerprints,
                                             otherOutputs: others.map(\.path), tool: options.toolStamp)
        // Only some inputs changed: perhaps only the pages of the facts that changed need
        // planning (`ChangedPagesBuild`). They are planned while the outputs are still being
        // checked, and the plan is dropped if one is missing. The recorded facts are decoded
        // once, for it and for a plan of every page.
        var changedPages: RenderPlan?
        if let log, outputCheck != nil, let recordedFacts = recordedFactsRead?.value {
            changedPages = ChangedPagesBuild(site: site, facts: facts, others: others, theme: theme, strings: strings, outline: outline,
                                             jobs: options.jobs)
                .plan(against: log, recorded: recordedFacts)
        }
        // Every recorded output at its recorded size: not stat'ed again, and the changed pages'
        // plan stands. Otherwise every page is planned, and the missing ones come back.
        let missingOutput = outputCheck?.firstMissing
        if let missingOutput {
            result.whyBuilt = NoOpCheck.missing(missingOutput).description
            changedPages = nil
        }
        let outputsChecked = outputCheck != nil && missingOutput == nil
        result.changedPagesOnly = changedPages != nil
        let plan = changedPages ?? Self.planEveryPage(site, strings: strings, outline: outline, facts: facts, options: options,
                                                      outputDirectory: outputDirectory, sizesKnown: outputsChecked,
                                                      previous: log?.manifest(facts: recordedFactsRead?.value) ?? BuildManifest(), timer: &timer)
        result.pagesPlanned = plan.pageCount
        result.plannedPages = plan.planned
        result.rendered = plan.pages.count
        timer.lap("plan and fingerprint")

        let total = plan.pages.count
        var progress: (@Sendable (Int) -> Void)?
        if let report = options.progress { progress = { done in report(done, total) } }
        // 5. Render and 6. write: each page is rendered as the writer reaches it (`SiteRenderer.files`).
        let files = SiteRenderer.files(plan.pages, theme: theme, progress: progress) + others
        let record = WriteStage.Record(
            fingerprints: plan.fingerprints,
            stamps: stamps, settings: NoOpCheck.settings(options: options, buildDate: buildDate, timezone: config.timezone),
            outline: outline, warnings: diagnostics.warnings, parseCache: parsed.cache, pages: plan.record)
        WriteStage(outputDirectory: outputDirectory, displayRoot: loaded.root, jobs: options.jobs)
            .run(files, reasons: plan.reasons, record: record, result: &result, diagnostics: &diagnostics, timer: &timer)
        result.retained = RetainedValues([parsed, previousParses, site, setup, facts, plan, record, files, log as Any])
        return result
    }

    /// Every page planned, and against the previous build: a page whose fingerprint (template +
    /// the fingerprints of the facts it declares) is the one recorded, and whose file is still
    /// there at the recorded size (`sizesKnown`: the no-op check saw them all), is not rendered again.
    private static func planEveryPage(_ site: ResolvedSite, strings: [String: LocalizedStrings], outline: SiteOutline,
                                      facts: [Dependency: String], options: BuildOptions, outputDirectory: String, sizesKnown: Bool,
                                      previous manifest: BuildManifest, timer: inout StageTimer) -> RenderPlan {
        let pages = PagePlanner.plan(site, strings: strings, outline: outline, jobs: options.jobs)
        timer.lap("plan")
        let keyedFacts = FactFingerprints.keyed(facts)
        var plan = RenderPlan(planned: pages, pages: [], pageCount: pages.count, record: .whole(kept: [:], facts: [:], previous: manifest))
        var kept: [String: BuildManifest.Output] = [:]
        // Fingerprints and the stat of each file that may be kept, on all threads: 40,000 pages.
        let checked = Parallel.map(pages.count, jobs: options.jobs) { index -> (fingerprint: String, before: BuildManifest.Output?, kept: Bool) in
            let page = pages[index]
            let fingerprint = FactFingerprints.page(page, keyed: keyedFacts)
            let before = manifest.outputs[page.outputPath]
            guard !options.clean, let before, before.fingerprint == fingerprint else { return (fingerprint, before, false) }
            return (fingerprint, before, sizesKnown || FileSystem.fileSize(outputDirectory + "/" + page.outputPath) == before.size)
        }
        kept.reserveCapacity(pages.count)
        // Found when a page that was recorded is rendered again, once.
        var changed: Set<Dependency>?
        for (page, check) in zip(pages, checked) {
            let before = check.before
            if check.kept, let before {
                kept[page.outputPath] = before
                continue
            }
            plan.pages.append(page)
            plan.fingerprints[page.outputPath] = check.fingerprint // recorded with the page when written
            if options.clean {
                plan.reasons[page.outputPath] = "--clean rebuilds everything"
            } else if before == nil {
                plan.reasons[page.outputPath] = "it is new"
            } else {
                let differing = changed ?? Set(FactFingerprints.changed(facts, recorded: manifest.facts).keys)
                changed = differing
                plan.reasons[page.outputPath] = Self.explain(page, changed: differing) ?? "its file was changed or removed"
            }
        }
        plan.record = .whole(kept: kept, facts: Dictionary(facts.map { ($0.key.key, $0.value) }, uniquingKeysWith: { a, _ in a }),
                             previous: manifest)
        return plan
    }

    /// "the lyrics of song 'x' changed; a template changed": the facts the page declares that
    /// are among those whose fingerprints differ from the recorded ones (`changed`), by name.
    static func explain(_ page: PlannedPage, changed: Set<Dependency>) -> String? {
        let named = page.dependencies.filter(changed.contains).map { ($0.key, $0.explanation) }
        return named.isEmpty ? nil : named.sorted { $0.0 < $1.0 }.map(\.1).joined(separator: "; ")
    }
}

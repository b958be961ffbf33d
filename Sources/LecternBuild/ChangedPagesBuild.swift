import LecternLocale
import LecternModel
import LecternRender
import LecternResolve
import LecternWrite

/// The rest of a build in which only some inputs changed and the same pages exist, done as
/// Ninja does it: from the changed facts to the pages that declare them, and nothing else.
///
/// The whole site is parsed (from the parse cache) and resolved as in any build, and every fact
/// fingerprinted — those are cheap. But when `.pageSet` is the one recorded, every page this
/// build would plan was planned by the last one, from the facts the record holds; a page that
/// declares none of the facts that changed would get the fingerprint it has, and stay. So only
/// the pages that declare a changed fact are planned, fingerprinted and rendered (a song's
/// title: its own pages, the library, search data, usage, its album, the services that sing
/// it), the rest of the record is not decoded, and only what changed is appended to it.
///
/// Nil (the caller plans every page) when the page set changed or the record lacks it, or a
/// page to render is one the record does not list.
struct ChangedPagesBuild {
    var site: ResolvedSite
    var facts: [Dependency: String]
    /// The files copied beside the pages (theme assets, media): compared and written by every build.
    var others: [OutputFile]
    var theme: CompiledTheme
    var strings: [String: LocalizedStrings]
    var outline: SiteOutline
    var jobs: Int

    /// The pages to render, or nil. `recorded`: `log.facts()`.
    func plan(against log: RecordLog, recorded: [String: String]) -> RenderPlan? {
        guard let pageSet = facts[.pageSet], recorded[Dependency.pageSet.key] == pageSet else { return nil }
        let changed = FactFingerprints.changed(facts, recorded: recorded)
        let changedFacts = Set(changed.keys)
        let pages = PagePlanner.plan(site, strings: strings, outline: outline, changed: changedFacts, jobs: jobs)
        let paths = Set(pages.map(\.outputPath) + others.map(\.path))
        let own = log.entries(facts: [], outputs: paths).outputs
        guard own.count == paths.count else { return nil }
        var plan = RenderPlan(planned: pages, pages: pages, pageCount: log.pageCount,
                              record: .some(kept: log.outputCount - own.count,
                                            changedFacts: Dictionary(changed.map { ($0.key.key, $0.value) }, uniquingKeysWith: { a, _ in a }),
                                            own: own, previous: log))
        // Each page's fingerprint and reason on all threads: a template edit plans 20,000 pages.
        let facts = facts
        let each = Parallel.map(pages.count, jobs: jobs) { index in
            (FactFingerprints.page(pages[index], facts: facts), Pipeline.explain(pages[index], changed: changedFacts) ?? "its facts changed")
        }
        plan.fingerprints.reserveCapacity(pages.count)
        plan.reasons.reserveCapacity(pages.count)
        for (page, (fingerprint, reason)) in zip(pages, each) {
            plan.fingerprints[page.outputPath] = fingerprint
            plan.reasons[page.outputPath] = reason
        }
        return plan
    }
}

import Foundation
import LecternLoad
import LecternModel
import LecternRender

/// What a `lectern build` or `lectern check` was asked to do.
public struct BuildOptions: Sendable {
    public var siteRoot: String
    public var outputDirectory: String
    /// `--profile`; nil: the site's `profile:` in site.yaml, else display (`profile(for:)`).
    public var profile: Profile?
    public var date: CalendarDate?
    public var environment: [String: String]
    /// False for `lectern check`: run every stage but write nothing.
    public var writeOutput: Bool
    /// Threads that render pages.
    public var jobs: Int
    /// Ignore the previous build's record and render every page.
    public var clean: Bool = false
    /// A stamp of the lectern program itself (a new lectern may render differently): the running
    /// executable's, so a build from the command line and one in-process agree.
    public var toolStamp: String = InputStamps.stamp(FileSystem.executablePath) ?? ""
    /// Git's racy window: a file changed this close (seconds) before the last build's record is
    /// re-read rather than trusted by its stamp. `LECTERN_RACY_WINDOW` sets it (tests use a small
    /// one to exercise the trusted path; nanosecond file times make that safe on Linux).
    public var racyWindow: Double { environment["LECTERN_RACY_WINDOW"].flatMap(Double.init) ?? 2 }
    /// Told (pages rendered, pages planned) while rendering, from any thread.
    public var progress: (@Sendable (Int, Int) -> Void)?

    public init(siteRoot: String, outputDirectory: String? = nil, profile: Profile? = nil, date: CalendarDate? = nil,
                environment: [String: String] = [:], writeOutput: Bool = true,
                jobs: Int = ProcessInfo.processInfo.activeProcessorCount, progress: (@Sendable (Int, Int) -> Void)? = nil) {
        self.siteRoot = siteRoot
        self.outputDirectory = outputDirectory ?? siteRoot + "/Output"
        self.profile = profile
        self.date = date
        self.environment = environment
        self.writeOutput = writeOutput
        self.jobs = jobs
        self.progress = progress
    }
}

/// What a build did.
public struct BuildResult: Sendable {
    public var diagnostics: Diagnostics
    public var pagesPlanned: Int = 0
    /// Songs, services and shoot lists read and parsed this time (the others came from the cache).
    public var parsed: Int = 0
    /// Pages rendered this time (the others were unchanged since the previous build).
    public var rendered: Int = 0
    /// No input had changed since the previous build: nothing was read, rendered or written.
    public var skippedEverything = false
    /// Only songs' lyrics had changed: just their pages were rendered, without reading the rest
    /// of the site (`LyricsOnlyBuild`); `plannedPages` and `theme` are then empty.
    public var lyricsOnly = false
    /// Only the pages of the facts that changed were planned and rendered (`ChangedPagesBuild`);
    /// `plannedPages` holds only those.
    public var changedPagesOnly = false
    /// Why the no-op fast path did not apply (for `--explain` and tests).
    public var whyBuilt: String?
    /// The pages planned (output path, template, declared facts, data) and the theme they are
    /// rendered with: for tests that check pages against what they declare, or render them again.
    public var plannedPages: [PlannedPage] = []
    public var theme: CompiledTheme?
    public var written: [(path: String, reason: String)] = []
    public var unchanged: Int = 0
    public var removed: [String] = []

    /// The build failed while writing: some files may be new, the rest as they were; the next
    /// build finishes the job (the files were marked in flux before any was written).
    public var writeFailed = false

    public var succeeded: Bool { !diagnostics.hasErrors }

    /// The build's large values (10,000 songs, the parse cache, the site, the plan), still held
    /// when the build returns. A one-shot `lectern build` exits without freeing them
    /// (`leakAtExit`), as compilers do: the system takes the memory back at once, where
    /// taking apart every song and dictionary cost a tenth of a one-song rebuild.
    public var retained = RetainedValues([])
}

extension BuildOptions {
    /// Who this build is for: `--profile`, else the site's `profile:`, else display.
    public func profile(for config: SiteConfig) -> Profile { profile ?? config.profile ?? .display }
}

/// Values kept alive past the end of a build (see `BuildResult.retained`).
public final class RetainedValues: @unchecked Sendable {
    private let values: [Any]

    init(_ values: [Any]) { self.values = values }

    /// Never frees these values: only for a process that exits right after.
    public func leakAtExit() {
        _ = Unmanaged.passRetained(self)
    }
}

import Foundation
import LecternCache
import LecternModel
import LecternRender
import LecternWrite

/// Stage 6, the same for the full pipeline and the lyrics-only path: the rendered files written
/// (those in the way that Lectern did not write stop it first), then what the next build reads
/// — the record's changes, the outline, the parse cache — in the order that keeps a killed
/// build safe (see `OutlineFile`).
struct WriteStage {
    var outputDirectory: String
    /// Diagnostics name output files relative to this folder (the site root).
    var displayRoot: String
    var jobs: Int

    /// What the next build reads, besides the files.
    struct Record {
        var fingerprints: [String: String]
        var stamps: [String: String]
        var settings: [String: String]
        var outline: SiteOutline
        var warnings: [Diagnostic]
        var parseCache: ParseCache
        var pages: Pages
    }

    /// The pages of this build against the last build's record.
    enum Pages {
        /// Every page was planned: those not rendered are `kept` as recorded, every fact is in
        /// `facts`, and what `previous` lists and this build does not is removed.
        case whole(kept: [String: BuildManifest.Output], facts: [String: String], previous: BuildManifest)
        /// Only some pages were planned, each one `previous` lists (`own`, as it lists them):
        /// the other `kept` stay, and the record gets only the `changedFacts` and the pages written.
        case some(kept: Int, changedFacts: [String: String], own: [String: BuildManifest.Output], previous: RecordLog)
    }

    /// Writes `files` over the output the record describes; fills in what `result` reports of
    /// the write (`reasons` say why each page was rendered) and adds any error to it.
    func run(_ files: [OutputFile], reasons: [String: String], record: Record,
             result: inout BuildResult, diagnostics: inout Diagnostics, timer: inout StageTimer) {
        let recorded: (String) -> BuildManifest.Output? = switch record.pages {
        case .whole(_, _, let previous): { previous.outputs[$0] }
        case .some(_, _, let own, _): { own[$0] }
        }
        var pending = files.map { file in
            PendingFile(path: file.path, fingerprint: record.fingerprints[file.path], recordedHash: recorded(file.path)?.contentHash, bytes: {
                switch file.contents {
                case .rendered(let render): return render()
                case .copy(let source): return try FileBytes.contents(of: source)
                }
            })
        }
        let writer = OutputWriter(outputDirectory: outputDirectory, displayRoot: displayRoot, jobs: jobs)
        let conflicts = switch record.pages {
        case .whole(_, _, let previous): writer.conflicts(&pending) { previous.outputs[$0] != nil }
        case .some(_, _, let own, _): writer.conflicts(&pending) { own[$0] != nil }
        }
        guard conflicts.isEmpty else {
            diagnostics.append(contentsOf: conflicts)
            return
        }
        // The parse cache is keyed by content, not by what is in the output, so it is saved
        // beside the rendering instead of after it (a build that stops before this point
        // leaves it as it was).
        let parseCache = record.parseCache, directory = outputDirectory
        try? FileManager.default.createDirectory(atPath: directory + "/" + BuildManifest.directory, withIntermediateDirectories: true)
        let cacheSaved = Background { Result { try parseCache.write(outputDirectory: directory) } }
        do {
            OutlineFile.remove(outputDirectory: outputDirectory) // until the record is written: see `OutlineFile`
            let report = switch record.pages {
            case .whole(let kept, let facts, let previous):
                try writer.write(pending, kept: kept, facts: facts, inputs: record.stamps, settings: record.settings, previous: previous)
            case .some(let kept, let facts, _, let previous):
                try writer.update(pending, kept: kept, facts: facts, inputs: record.stamps, settings: record.settings, previous: previous)
            }
            result.written = report.written.map { ($0.path, reasons[$0.path] ?? $0.reason) }
            result.unchanged = report.unchanged
            result.removed = report.removed
            timer.lap("render and write")
            // Last, and only after a good build (see `OutlineFile`).
            try OutlineFile.write(record.outline, warnings: record.warnings, outputDirectory: outputDirectory)
            try cacheSaved.value.get()
            timer.lap("cache")
        } catch {
            _ = cacheSaved.value
            // Some files may be written by now: they were marked in flux first, so the next
            // build writes them again.
            result.writeFailed = true
            if let failure = error as? WriteFailure {
                diagnostics.error(SourceLocation(path: writer.displayPath(failure.path)), "cannot write this file: \(failure.reason)")
            } else {
                diagnostics.error(SourceLocation(path: writer.displayPath("")), "cannot write the output: \(error.localizedDescription)")
            }
        }
    }
}

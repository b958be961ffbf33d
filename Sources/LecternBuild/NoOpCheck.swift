import Foundation
import LecternLoad
import LecternModel
import LecternWrite

/// The fast path of a build in which nothing changed: every input has the stamp the record
/// holds (and none is racily new), the build date, profile and lectern program are the same,
/// and every output the record lists is still there at its recorded size.
enum NoOpCheck {
    static func settings(options: BuildOptions, buildDate: CalendarDate, timezone: String) -> [String: String] {
        [
            "date": buildDate.description,
            "timezone": timezone,
            "profile": options.profile?.rawValue ?? "site.yaml",
            "tool": options.toolStamp,
            "recorded-at": String(Date().timeIntervalSince1970),
        ]
    }

    enum Verdict {
        /// Nothing to do: this many outputs stay as they are.
        case nothingChanged(outputs: Int)
        /// The same inputs exist and the settings are the same, and only these inputs (absolute
        /// paths) changed, or may have (racily new); `reason` names one. Whether every output
        /// is in place is being found out by `outputs`.
        case inputsChanged([String], reason: Reason, outputs: OutputCheck)
        case mustBuild(Reason)
    }

    /// What changed since the build the record describes, as far as stamps can tell.
    static func check(options: BuildOptions, record: RecordLog?, outputDirectory: String,
                      stamps: [String: String]) -> Verdict {
        guard let record, record.outputCount > 0, let timezone = record.settings["timezone"],
              let recordedAt = record.settings["recorded-at"].flatMap({ Double($0) }) else { return .mustBuild(Reason("no build record")) }
        guard record.settings["profile"] == options.profile?.rawValue ?? "site.yaml" else { return .mustBuild(Reason("another profile")) }
        guard record.settings["tool"] == options.toolStamp else { return .mustBuild(Reason("lectern itself changed")) }
        guard record.settings["date"] == BuildDate.resolve(explicit: options.date, environment: options.environment,
                                                           timezone: timezone).description
        else { return .mustBuild(Reason("the build date changed")) }
        guard !record.wasInterrupted else { return .mustBuild(Reason("the last build was interrupted")) }
        // Compared without sorting: 10,000 inputs are checked in a few milliseconds, and only a
        // changed one is looked for by name.
        // Git's racy rule: a file changed within two seconds before the record was made may
        // have changed again in the same time-stamp tick, which its stamp would not show.
        let isRacy = { (stamp: String) in (InputStamps.changeTime(stamp) ?? .infinity) >= recordedAt - options.racyWindow }
        var changed: [String] = []
        // An input added or removed outside `Content/` (a theme's template put in the site or
        // taken out) changes what pages look like, not which pages there are: it counts as a
        // changed input, so only the pages that use what changed are rendered. An added or
        // removed content file may add or remove pages: everything is planned.
        let content = URL(fileURLWithPath: options.siteRoot).standardizedFileURL.path + "/Content/"
        var addedOrRemoved: [String] = []
        for (path, stamp) in stamps {
            guard let old = record.inputs[path] else {
                addedOrRemoved.append(path)
                continue
            }
            if old != stamp || isRacy(stamp) { changed.append(path) }
        }
        if stamps.count - addedOrRemoved.count != record.inputs.count {
            addedOrRemoved += record.inputs.keys.filter { stamps[$0] == nil }
        }
        addedOrRemoved.sort()
        if let path = addedOrRemoved.first(where: { $0.hasPrefix(content) }) {
            return .mustBuild(Reason("\(shown(path, siteRoot: options.siteRoot)) changed"))
        }
        changed += addedOrRemoved
        changed.sort()
        guard let first = changed.first else {
            // Every output still there at its size: most of a no-op build.
            if let path = record.firstMissingOutput(in: outputDirectory, jobs: options.jobs) { return .mustBuild(missing(path)) }
            return .nothingChanged(outputs: record.outputCount)
        }
        let reason = (addedOrRemoved.first ?? changed.first { record.inputs[$0] != stamps[$0] }).map { "\(shown($0, siteRoot: options.siteRoot)) changed" }
            ?? "\(shown(first, siteRoot: options.siteRoot)) changed too close to the last build to trust its time stamp"
        // The outputs are checked on one thread beside the build's main line, not on all: with
        // two threads of it and the build's own on two cores, the main line got two thirds of
        // a core while it parsed and resolved (a title edit: 35 ms slower).
        return .inputsChanged(changed, reason: Reason(reason),
                              outputs: OutputCheck(record: record, outputDirectory: outputDirectory, jobs: 1))
    }

    /// Why a build whose record lists `output` builds everything.
    static func missing(_ output: String) -> Reason {
        Reason("output \(output) was changed or removed")
    }

    /// An input as the user knows it: relative to the site, unless it is a shipped theme file.
    private static func shown(_ path: String, siteRoot: String) -> String {
        FileSystem.relative(path, to: URL(fileURLWithPath: siteRoot).standardizedFileURL.path) ?? path
    }

    struct Reason: Error, CustomStringConvertible {
        var description: String
        init(_ text: String) { description = text }
    }
}

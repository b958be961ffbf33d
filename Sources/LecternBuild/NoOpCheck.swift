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
            "profile": options.profile.rawValue,
            "tool": options.toolStamp,
            "recorded-at": String(Date().timeIntervalSince1970),
        ]
    }

    /// The number of outputs left as they are, or why the build must run.
    static func unchangedOutputs(options: BuildOptions, record: BuildManifest, outputDirectory: String,
                                 stamps: [String: String]) -> Result<Int, Reason> {
        guard !record.outputs.isEmpty, let timezone = record.settings["timezone"],
              let recordedAt = record.settings["recorded-at"].flatMap({ Double($0) }) else { return .failure(Reason("no build record")) }
        guard record.settings["profile"] == options.profile.rawValue else { return .failure(Reason("another profile")) }
        guard record.settings["tool"] == options.toolStamp else { return .failure(Reason("lectern itself changed")) }
        guard record.settings["date"] == BuildDate.resolve(explicit: options.date, environment: options.environment,
                                                           timezone: timezone).description
        else { return .failure(Reason("the build date changed")) }
        guard record.outputs.values.allSatisfy({ $0.size >= 0 }) else { return .failure(Reason("the last build was interrupted")) }
        // Compared without sorting: 10,000 inputs are checked in a few milliseconds, and only a
        // changed one is looked for by name.
        if stamps.count != record.inputs.count || stamps.contains(where: { record.inputs[$0.key] != $0.value }) {
            let changed = Set(stamps.keys).union(record.inputs.keys).sorted().first { stamps[$0] != record.inputs[$0] } ?? "an input"
            return .failure(Reason("\(shown(changed, siteRoot: options.siteRoot)) changed"))
        }
        // Git's racy rule: a file changed within two seconds before the record was made may
        // have changed again in the same time-stamp tick, which its stamp would not show.
        if stamps.values.contains(where: { (InputStamps.changeTime($0) ?? .infinity) >= recordedAt - options.racyWindow }) {
            let racy = stamps.keys.sorted().first { (InputStamps.changeTime(stamps[$0]!) ?? .infinity) >= recordedAt - options.racyWindow }!
            return .failure(Reason("\(shown(racy, siteRoot: options.siteRoot)) changed too close to the last build to trust its time stamp"))
        }
        // Every output still there at its size; stat on all cores (most of a no-op build).
        let outputs = Array(record.outputs)
        let sizesMatch = Parallel.map(min(outputs.count, 64), jobs: options.jobs) { chunk in
            stride(from: chunk, to: outputs.count, by: 64).allSatisfy {
                FileSystem.fileSize(outputDirectory + "/" + outputs[$0].key) == outputs[$0].value.size
            }
        }
        if sizesMatch.contains(false) {
            let path = outputs.map(\.key).sorted().first { FileSystem.fileSize(outputDirectory + "/" + $0) != record.outputs[$0]!.size }
            return .failure(Reason("output \(path ?? "?") was changed or removed"))
        }
        return .success(record.outputs.count)
    }

    /// An input as the user knows it: relative to the site, unless it is a shipped theme file.
    private static func shown(_ path: String, siteRoot: String) -> String {
        let root = URL(fileURLWithPath: siteRoot).standardizedFileURL.path + "/"
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }

    struct Reason: Error, CustomStringConvertible {
        var description: String
        init(_ text: String) { description = text }
    }
}

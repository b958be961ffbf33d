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
            "recorded-at": String(Int(Date().timeIntervalSince1970)),
        ]
    }

    /// The number of outputs left as they are, or nil when the build must run.
    static func unchangedOutputs(options: BuildOptions, outputDirectory: String, stamps: [String: String]) -> Int? {
        let record = BuildManifest.read(outputDirectory: outputDirectory)
        guard !record.outputs.isEmpty, let timezone = record.settings["timezone"],
              let recordedAt = record.settings["recorded-at"].flatMap({ Int($0) }),
              record.settings["profile"] == options.profile.rawValue,
              record.settings["tool"] == options.toolStamp,
              record.settings["date"] == BuildDate.resolve(explicit: options.date, environment: options.environment,
                                                           timezone: timezone).description,
              record.outputs.values.allSatisfy({ $0.size >= 0 }), // none left "in flux" by a killed build
              InputStamps.unchanged(stamps, recorded: record.inputs, recordTime: recordedAt)
        else { return nil }
        for (path, output) in record.outputs where FileSystem.fileSize(outputDirectory + "/" + path) != output.size {
            return nil
        }
        return record.outputs.count
    }
}

import Foundation
import LecternModel
import LecternWrite
import Testing

/// The build record is a log: a build appends what changed, a torn append is ignored, and the
/// log is written anew once a quarter of it is outdated.
@Suite struct BuildRecordTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "lectern-record-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    var file: String { folder + "/.lectern/outputs" }
    func bytes() throws -> [UInt8] { [UInt8](try #require(FileManager.default.contents(atPath: file))) }

    func record(pages: Int, version: Int) -> BuildManifest {
        var outputs: [String: BuildManifest.Output] = [:]
        for i in 0..<pages { outputs["songs/s\(i)/index.html"] = .init(fingerprint: "f\(version)-\(i)", size: 100 + i, contentHash: "h\(i)") }
        return BuildManifest(outputs: outputs, facts: ["lyrics:s1": "v\(version)", "site": "x"],
                             inputs: ["/site/Content/songs/s1.md": "stamp\(version)"], settings: ["date": "2026-11-22"])
    }

    @Test func aOneSongChangeIsAppendedAndReadsBackAsAWholeRecord() throws {
        let first = record(pages: 200, version: 1)
        try first.write(outputDirectory: folder)
        let before = try bytes()
        let previous = BuildManifest.read(outputDirectory: folder)
        #expect(previous == first)

        var next = first
        next.outputs["songs/s1/index.html"] = .init(fingerprint: "new", size: 7, contentHash: "h")
        next.outputs["songs/s2/index.html"] = nil // a removed page
        next.facts["lyrics:s1"] = "v2"
        next.facts["site"] = nil
        next.inputs["/site/Content/songs/s3.md"] = "stamp"
        try next.save(outputDirectory: folder, over: previous, inFlux: ["songs/s1/index.html"], removed: ["songs/s2/index.html"])

        let after = try bytes()
        #expect(Array(after.prefix(before.count)) == before, "the old record is kept and the change appended")
        #expect(after.count - before.count < 300, "only the changes are appended: \(after.count - before.count) bytes")
        #expect(BuildManifest.read(outputDirectory: folder) == next)
    }

    @Test func aTornAppendLeavesTheRecordAsItWas() throws {
        let first = record(pages: 20, version: 1)
        try first.write(outputDirectory: folder)
        // A build killed while appending: lines with no closing `end`.
        let handle = try #require(FileHandle(forWritingAtPath: file))
        handle.seekToEndOfFile()
        handle.write(Data("O\tsongs/s1/index.html\t-\t-1\t-\nF\tlyrics:s1\tv9\nO\tsongs/s".utf8))
        try handle.close()
        #expect(BuildManifest.read(outputDirectory: folder) == first)
    }

    @Test func anOutdatedLogIsWrittenAnew() throws {
        var current = record(pages: 300, version: 0)
        try current.write(outputDirectory: folder)
        let full = try bytes().count
        var sizes: [Int] = []
        for version in 1...8 {
            // A thirtieth of the pages change each time.
            let previous = BuildManifest.read(outputDirectory: folder)
            var changed: Set<String> = []
            for i in 0..<10 {
                let path = "songs/s\((version * 10 + i) % 300)/index.html"
                current.outputs[path] = .init(fingerprint: "v\(version)", size: i, contentHash: "h")
                changed.insert(path)
            }
            try current.save(outputDirectory: folder, over: previous, inFlux: changed, removed: [])
            #expect(BuildManifest.read(outputDirectory: folder) == current)
            sizes.append(try bytes().count)
        }
        #expect(sizes.max()! < full + full / 2, "the log stays within a record and a half: \(sizes) vs \(full)")
        let grew = try #require(sizes.firstIndex { $0 > full + full / 10 }, "appended: \(sizes)")
        #expect(sizes[grew...].contains { $0 < full + full / 20 }, "then written anew: \(sizes)")
    }

    /// A no-op build reads only the settings, the stamps and the outputs' sizes (`RecordLog`),
    /// and looks for every output on disk: that must see what the whole record says, appended
    /// parts and removals included, and any page changed or removed by hand.
    @Test func theNoOpReadSeesWhatTheWholeRecordSays() throws {
        let first = record(pages: 30, version: 1)
        for (path, output) in first.outputs {
            try FileManager.default.createDirectory(atPath: folder + "/" + (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try Data(repeating: 65, count: output.size).write(to: URL(fileURLWithPath: folder + "/" + path))
        }
        try first.write(outputDirectory: folder)
        var next = first
        next.outputs["songs/s1/index.html"]!.size = 7
        next.outputs["songs/s2/index.html"] = nil
        next.outputs["songs/new/index.html"] = .init(fingerprint: "n", size: 3, contentHash: "h")
        next.inputs["/site/Content/songs/s1.md"] = "stamp2"
        next.settings["date"] = "2026-11-23"
        try next.save(outputDirectory: folder, over: first, inFlux: ["songs/s1/index.html", "songs/new/index.html"],
                      removed: ["songs/s2/index.html"])
        // And a torn part after it, which does not count.
        let handle = try #require(FileHandle(forWritingAtPath: file))
        handle.seekToEndOfFile()
        handle.write(Data("S\tdate\t2030-01-01\nO\tsongs/s3/index.html\tx\t1".utf8))
        try handle.close()

        let log = try #require(RecordLog.read(outputDirectory: folder))
        #expect(log.manifest() == next)
        #expect(log.settings == next.settings && log.inputs == next.inputs)
        #expect(log.outputCount == next.outputs.count)
        #expect(!log.wasInterrupted)
        // s1 is 7 bytes now, and "new" is not there yet; s2 is gone from the record.
        #expect(log.firstMissingOutput(in: folder, jobs: 2) == "songs/new/index.html")
        try FileManager.default.createDirectory(atPath: folder + "/songs/new", withIntermediateDirectories: true)
        try Data(repeating: 66, count: 3).write(to: URL(fileURLWithPath: folder + "/songs/new/index.html"))
        #expect(log.firstMissingOutput(in: folder, jobs: 2) == "songs/s1/index.html")
        try Data(repeating: 66, count: 7).write(to: URL(fileURLWithPath: folder + "/songs/s1/index.html"))
        #expect(log.firstMissingOutput(in: folder, jobs: 2) == nil)
        try FileManager.default.removeItem(atPath: folder + "/songs/s12/index.html")
        #expect(log.firstMissingOutput(in: folder, jobs: 2) == "songs/s12/index.html")

        try BuildManifest.markInFlux(["songs/s4/index.html"], previous: next, outputDirectory: folder)
        #expect(try #require(RecordLog.read(outputDirectory: folder)).wasInterrupted)
    }

    /// A build of a few pages looks up only their entries and appends only what changed; read
    /// back, the record is the whole one with those changes.
    @Test func aFewPagesAreLookedUpAndSavedWithoutTheWholeRecord() throws {
        let first = record(pages: 40, version: 1)
        try first.write(outputDirectory: folder)
        var next = first
        next.outputs["songs/s2/index.html"] = nil
        next.facts["lyrics:s1"] = "v2"
        next.facts["site"] = nil
        try next.save(outputDirectory: folder, over: first, inFlux: [], removed: ["songs/s2/index.html"])
        let before = try bytes()

        let log = try #require(RecordLog.read(outputDirectory: folder))
        let found = log.entries(facts: ["lyrics:s1", "site", "lyrics:s9"],
                                outputs: ["songs/s1/index.html", "songs/s2/index.html", "songs/s11/index.html"])
        #expect(found.facts == ["lyrics:s1": "v2"])
        #expect(found.outputs == ["songs/s1/index.html": next.outputs["songs/s1/index.html"]!,
                                  "songs/s11/index.html": next.outputs["songs/s11/index.html"]!])

        let page = BuildManifest.Output(fingerprint: "f", size: 9, contentHash: "h")
        try log.markInFlux(["songs/s11/index.html"], outputDirectory: folder)
        try log.save(settings: ["date": "2026-11-23"], inputs: next.inputs, facts: ["lyrics:s11": "v3"],
                     outputs: ["songs/s11/index.html": page], inFlux: ["songs/s11/index.html"], outputDirectory: folder)
        let after = try bytes()
        #expect(Array(after.prefix(before.count)) == before && after.count - before.count < 200, "appended")
        var expected = next
        expected.settings["date"] = "2026-11-23"
        expected.facts["lyrics:s11"] = "v3"
        expected.outputs["songs/s11/index.html"] = page
        #expect(BuildManifest.read(outputDirectory: folder) == expected)
    }
}

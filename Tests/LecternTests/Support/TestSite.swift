import Foundation
import LecternBuild
import LecternCLI
import LecternLoad
import LecternModel

/// A throwaway site folder for one test, removed when the test ends.
final class TestSite {
    let root: String

    init(files: [String: String] = [:], withExample: Bool = false) throws {
        root = NSTemporaryDirectory() + "lectern-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        if withExample {
            try FileManager.default.copyItem(atPath: Self.repositoryRoot + "/Content", toPath: root + "/Content")
        }
        for (path, text) in files { try write(path, text) }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    static var repositoryRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
    }

    static let minimalSiteYAML = "title: Test Chapel\nlocale: en\ntimezone: America/New_York\n"

    func write(_ path: String, _ text: String) throws {
        let full = root + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: true, encoding: .utf8)
    }

    func remove(_ path: String) throws { try FileManager.default.removeItem(atPath: root + "/" + path) }

    func read(_ path: String) -> String? { try? String(contentsOfFile: root + "/" + path, encoding: .utf8) }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: root + "/" + path) }

    /// Runs `lectern` in-process with this site as the working directory.
    func run(_ arguments: [String], environment: [String: String] = [:]) -> RunResult {
        var out: [String] = []
        var err: [String] = []
        let io = CLI.IO(out: { out.append($0) }, err: { err.append($0) }, environment: environment, currentDirectory: root)
        let status = CLI.run(arguments, io: io)
        return RunResult(status: status, stdout: out.joined(separator: "\n"), stderr: err.joined(separator: "\n"))
    }

    func build(_ extra: [String] = [], date: String = "2026-11-22") -> RunResult {
        run(["build", "--date", date, "--quiet"] + extra)
    }

    /// Builds through `Pipeline` (on two threads), for tests that read what the build reports.
    func pipeline(output: String = "Output", date: String = "2026-11-22", clean: Bool = false) -> BuildResult {
        var options = BuildOptions(siteRoot: root, outputDirectory: root + "/" + output, date: CalendarDate(iso: date), jobs: 2)
        options.clean = clean
        return Pipeline.run(options)
    }

    /// Every file under `dir` (relative to the site) with its bytes, for before/after comparisons.
    func snapshot(_ dir: String = "Output") -> [String: Data] {
        var result: [String: Data] = [:]
        let base = root + "/" + dir
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [:] }
        for case let rel as String in walker {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + "/" + rel, isDirectory: &isDir), !isDir.boolValue {
                result[rel] = FileManager.default.contents(atPath: base + "/" + rel)
            }
        }
        return result
    }

    func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: root + "/" + path))?[.modificationDate] as? Date
    }
}

struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// A test document without the file system.
func sourceFile(_ path: String, _ text: String) -> SourceFile { SourceFile(path: path, text: text) }

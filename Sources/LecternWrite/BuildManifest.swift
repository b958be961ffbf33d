import Foundation

/// The list of files a previous build wrote, kept in the output's one hidden entry
/// (`.lectern/outputs`). Only files named here are ever replaced or removed by Lectern.
public struct BuildManifest: Sendable, Equatable {
    public static let directory = ".lectern"
    static let fileName = "outputs"
    static let header = "lectern-outputs v1"

    public var paths: Set<String>

    public init(paths: Set<String> = []) { self.paths = paths }

    /// Reads the manifest; a missing, truncated or foreign file reads as empty (Lectern then
    /// treats every existing file as someone else's, which is the safe side).
    public static func read(outputDirectory: String) -> BuildManifest {
        let url = URL(fileURLWithPath: outputDirectory).appendingPathComponent(directory).appendingPathComponent(fileName)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return BuildManifest() }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        guard lines.first == header, lines.last == "end" else { return BuildManifest() }
        lines.removeFirst()
        lines.removeLast()
        return BuildManifest(paths: Set(lines))
    }

    /// Written through a temporary file and a rename, so a crash leaves the old one or the new one.
    public func write(outputDirectory: String) throws {
        let dir = URL(fileURLWithPath: outputDirectory).appendingPathComponent(Self.directory)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let text = ([Self.header] + paths.sorted() + ["end"]).joined(separator: "\n") + "\n"
        try AtomicFile.write(Array(text.utf8), to: dir.appendingPathComponent(Self.fileName).path)
    }
}

/// Writes a file by writing a temporary sibling and renaming it over the target.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let temp = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)")
        try Data(bytes).write(to: temp)
        if rename(temp.path, path) != 0 {
            let code = errno
            try? FileManager.default.removeItem(at: temp)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path, "errno": code])
        }
    }
}

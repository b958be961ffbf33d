import Foundation
#if canImport(Glibc)
import Glibc
#endif

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

/// Writes a file by writing a temporary sibling and renaming it over the target, so a reader
/// (a web server, a browser) sees the old file or the new one, never half of one. No fsync per
/// file: thousands of them would dominate a build, and a crash is repaired by the next build,
/// which compares bytes.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let temp = String(path[..<slash]) + "." + String(path[slash...]) + ".tmp-\(getpid())"
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw posixError(path) }
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                let error = posixError(path)
                close(fd)
                unlink(temp)
                throw error
            }
            written += n
        }
        guard close(fd) == 0, rename(temp, path) == 0 else {
            let error = posixError(path)
            unlink(temp)
            throw error
        }
    }

    private static func posixError(_ path: String) -> Error {
        CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path, NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(errno))])
    }
}

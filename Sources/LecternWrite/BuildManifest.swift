import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a previous build left, kept in the output's one hidden entry (`.lectern/outputs`): every
/// file it wrote (only these are ever replaced or removed by Lectern), each page's fingerprint,
/// size and content hash, and the fingerprint of every fact, so the next build renders only pages whose
/// facts changed and can say which.
public struct BuildManifest: Sendable, Equatable {
    public static let directory = ".lectern"
    static let fileName = "outputs"
    static let header = "lectern-outputs v3"

    public struct Output: Sendable, Equatable {
        /// The page's fingerprint when written; nil for copied files (assets, media).
        public var fingerprint: String?
        public var size: Int
        /// FNV-1a of the bytes written, for tools that compare deploys; nil when unknown.
        public var contentHash: String?

        public init(fingerprint: String?, size: Int, contentHash: String? = nil) {
            self.fingerprint = fingerprint
            self.size = size
            self.contentHash = contentHash
        }
    }

    public var outputs: [String: Output]
    /// Fact key → fingerprint.
    public var facts: [String: String]
    /// Input path → its file-system stamp when this record was made (see `InputStamps`).
    public var inputs: [String: String]
    /// What else the build depended on: build date, profile, the lectern binary, the record's time.
    public var settings: [String: String]

    public init(outputs: [String: Output] = [:], facts: [String: String] = [:],
                inputs: [String: String] = [:], settings: [String: String] = [:]) {
        self.outputs = outputs
        self.facts = facts
        self.inputs = inputs
        self.settings = settings
    }

    public var paths: Set<String> { Set(outputs.keys) }

    /// Reads the record; a missing, truncated, foreign or older one reads as empty, which means a
    /// full build (and every existing file treated as someone else's unless its bytes match).
    public static func read(outputDirectory: String) -> BuildManifest {
        // Files listed as in flux are this program's even when the record is missing (a first
        // build killed half-way): the next build may overwrite them.
        var record = parse(outputDirectory: outputDirectory) ?? BuildManifest()
        return record
    }

    private static func parse(outputDirectory: String) -> BuildManifest? {
        let url = URL(fileURLWithPath: outputDirectory).appendingPathComponent(directory).appendingPathComponent(fileName)
        guard let data = try? Data(contentsOf: url) else { return nil }
        // Split bytes, not Characters: the record has tens of thousands of lines, and a no-op
        // build reads little else.
        let bytes = [UInt8](data)
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: true)
        guard let first = lines.first, first.elementsEqual(header.utf8), let last = lines.last, last.elementsEqual("end".utf8)
        else { return nil }
        var record = BuildManifest()
        for line in lines.dropFirst().dropLast() {
            // Fields split in place; a String is made only for what is kept.
            let fields = line.split(separator: 0x09, maxSplits: 4, omittingEmptySubsequences: false)
            func text(_ i: Int) -> String { String(decoding: fields[i], as: UTF8.self) }
            switch (fields[0].first, fields[0].count, fields.count) {
            case (UInt8(ascii: "F"), 1, 3): record.facts[text(1)] = text(2)
            case (UInt8(ascii: "I"), 1, 3): record.inputs[text(1)] = text(2)
            case (UInt8(ascii: "S"), 1, 3): record.settings[text(1)] = text(2)
            case (UInt8(ascii: "O"), 1, 5):
                let fingerprint = fields[2].elementsEqual([UInt8(ascii: "-")]) ? nil : text(2)
                let hash = fields[4].elementsEqual([UInt8(ascii: "-")]) ? nil : text(4)
                record.outputs[text(1)] = Output(fingerprint: fingerprint, size: Int(text(3)) ?? -1, contentHash: hash)
            default: return nil
            }
        }
        return record
    }

    /// Written through a temporary file and a rename, last of all, so a crash leaves the old
    /// record or the new one, and never one that vouches for a file not yet written.
    public func write(outputDirectory: String) throws {
        let dir = URL(fileURLWithPath: outputDirectory).appendingPathComponent(Self.directory)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var out: [UInt8] = []
        out.reserveCapacity(64 * (settings.count + inputs.count + facts.count + outputs.count))
        func line(_ fields: String...) {
            for (i, field) in fields.enumerated() {
                if i > 0 { out.append(0x09) }
                out.append(contentsOf: field.utf8)
            }
            out.append(0x0A)
        }
        line(Self.header)
        for key in settings.keys.sorted() { line("S", key, settings[key]!) }
        for key in inputs.keys.sorted() { line("I", key, inputs[key]!) }
        for key in facts.keys.sorted() { line("F", key, facts[key]!) }
        for path in outputs.keys.sorted() {
            let o = outputs[path]!
            line("O", path, o.fingerprint ?? "-", String(o.size), o.contentHash ?? "-")
        }
        line("end")
        try AtomicFile.write(out, to: dir.appendingPathComponent(Self.fileName).path)
    }
}

/// Writes a file by writing a temporary sibling and renaming it over the target, so a reader
/// (a web server, a browser) sees the old file or the new one, never half of one. No fsync per
/// file: thousands of them would dominate a build, and a crash is repaired by the next build,
/// which compares bytes.
public enum AtomicFile {
    /// `temporary` names the scratch file (on the same file system); by default a hidden sibling.
    public static func write(_ bytes: [UInt8], to path: String, temporary: String? = nil) throws {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let temp = temporary ?? String(path[..<slash]) + "." + String(path[slash...]) + ".tmp-\(getpid())"
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

import Foundation
import LecternModel
#if canImport(Glibc)
import Glibc
#endif

/// What a previous build left, kept in the output's one hidden entry (`.lectern/outputs`): every
/// file it wrote (only these are ever replaced or removed by Lectern), each page's fingerprint,
/// size and content hash, and the fingerprint of every fact, so the next build renders only pages whose
/// facts changed and can say which.
///
/// The record is a log, like Ninja's: its header, then parts, each closed by an `end` line —
/// a full record, then what later builds appended (in-flux marks, then each build's changes).
/// Later lines win; `-` lines remove an entry. A part with no `end` was torn by a kill while
/// being appended and is ignored, which leaves the record as the part before it said.
/// `RecordLog` reads it.
public struct BuildManifest: Sendable, Equatable {
    public static let directory = ".lectern"
    static let fileName = "outputs"
    static let header = "lectern-outputs v4"

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

    /// Entry lines in the record as read, over all its parts, and in its first part (a whole
    /// record): tell when the log has grown enough to be written anew (not part of equality).
    public internal(set) var lineCount = 0
    public internal(set) var baseLineCount = 0

    public static func == (a: BuildManifest, b: BuildManifest) -> Bool {
        a.outputs == b.outputs && a.facts == b.facts && a.inputs == b.inputs && a.settings == b.settings
    }

    /// Reads the record; a missing, truncated, foreign or older one reads as empty, which means a
    /// full build (and every existing file treated as someone else's unless its bytes match).
    public static func read(outputDirectory: String) -> BuildManifest {
        RecordLog.read(outputDirectory: outputDirectory)?.manifest() ?? BuildManifest()
    }

    static func path(in outputDirectory: String) -> String {
        outputDirectory + "/" + directory + "/" + fileName
    }

    /// Marks `paths` as in flux before they are written: a build killed half-way leaves them
    /// listed with no fingerprint and size -1, so the next build renders them again instead of
    /// trusting whatever bytes are there (even if the inputs went back to what they were), and
    /// still knows them as its own. The lines are appended to an intact record in one `write`
    /// (a kill cannot tear it), so a one-page rebuild does not write the whole record twice;
    /// with no intact record, `previous` and the marks are written as a new one.
    public static func markInFlux(_ paths: [String], previous: @autoclosure () -> BuildManifest, outputDirectory: String) throws {
        var lines = RecordLines()
        for path in paths { lines.output(path, Output(fingerprint: nil, size: -1)) }
        lines.line("end")
        let file = path(in: outputDirectory)
        if isIntact(file), AtomicFile.append(lines.bytes, to: file) { return }
        var interim = previous()
        for path in paths { interim.outputs[path] = Output(fingerprint: nil, size: -1) }
        try interim.write(outputDirectory: outputDirectory)
    }

    /// Starts with the header and ends with `end`, read without reading the whole file.
    private static func isIntact(_ file: String) -> Bool {
        let fd = open(file, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        let expectedHead = Array((header + "\n").utf8), expectedTail = Array("\nend\n".utf8)
        guard fstat(fd, &info) == 0, Int(info.st_size) >= expectedHead.count + expectedTail.count else { return false }
        var head = [UInt8](repeating: 0, count: expectedHead.count), tail = [UInt8](repeating: 0, count: expectedTail.count)
        let gotHead = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        let gotTail = tail.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(Int(info.st_size) - expectedTail.count)) }
        return gotHead == head.count && gotTail == tail.count && head == expectedHead && tail == expectedTail
    }

    /// Saves this record, last of all, over `previous` (the record on disk as read, before
    /// `inFlux` was marked). When that record is intact and little of it is outdated, only what
    /// changed is appended, in one `write` closed by `end` (a one-song rebuild appends a few
    /// lines instead of rewriting 3 MB); otherwise the whole record is written to a temporary
    /// file and renamed. Either way a crash leaves the old record or the new one, and never one
    /// that vouches for a file not yet written.
    ///
    /// Outputs: a build writes those in `inFlux`, removes the stale ones (`removed`) and keeps
    /// every other one as `previous` had it, so only those are compared, not 40,000.
    public func save(outputDirectory: String, over previous: BuildManifest, inFlux: Set<String>, removed: [String]) throws {
        var changes = RecordLines()
        changes.diff("S", settings, previous.settings)
        changes.diff("I", inputs, previous.inputs)
        changes.diff("F", facts, previous.facts)
        for path in inFlux { if let o = outputs[path] { changes.output(path, o) } }
        for path in removed { changes.line("-", "O", path) }
        try Self.append(changes, over: previous.lineCount, base: previous.baseLineCount, inFlux: inFlux.count,
                        outputDirectory: outputDirectory) { try write(outputDirectory: outputDirectory) }
    }

    /// Appends `changes` (closed by `end`) to the record, which had `lines` entry lines, `base`
    /// of them in its whole first part, before `inFlux` marks were appended; or, once the log
    /// would grow past a quarter more than a whole record, or is not intact, calls `rewrite`.
    /// Every build, a no-op one too, reads the whole log, so a template edit's 40,000 lines are
    /// written as a new record, while thousands of one-song edits append before one is.
    static func append(_ changes: RecordLines, over lines: Int, base: Int, inFlux: Int, outputDirectory: String,
                       rewrite: () throws -> Void) throws {
        var changes = changes
        changes.line("end")
        let file = path(in: outputDirectory)
        if lines > 0, fitsLog(lines: lines + inFlux + changes.count, base: base), isIntact(file),
           AtomicFile.append(changes.bytes, to: file) {
            return
        }
        try rewrite()
    }

    /// Whether a log of `lines` entry lines, whose first part (a whole record) has `base`, may
    /// still be appended to: up to a quarter more than a whole record.
    static func fitsLog(lines: Int, base: Int) -> Bool {
        lines <= base + base / 4
    }

    /// The whole record, sorted, through a temporary file and a rename. Its parts are sorted
    /// and formatted on two threads (the outputs as two halves split at a middle path): a
    /// record of 90,000 lines took a quarter of a second on one core at the end of a build
    /// that renders 20,000 pages, with the other core idle.
    public func write(outputDirectory: String) throws {
        try FileManager.default.createDirectory(atPath: outputDirectory + "/" + Self.directory, withIntermediateDirectories: true)
        let paths = Array(outputs.keys)
        let middle = paths.isEmpty ? "" : paths[paths.count / 2]
        let record = self
        let parts = Parallel.map(4, jobs: 2) { part -> [UInt8] in
            var out = RecordLines()
            switch part {
            case 0:
                out.bytes.reserveCapacity(64 * record.facts.count)
                for key in record.facts.keys.sorted() { out.line("F", key, record.facts[key]!) }
            case 1, 2:
                let half = paths.filter { part == 1 ? $0 < middle : $0 >= middle }.sorted()
                out.bytes.reserveCapacity(80 * half.count)
                for path in half { out.output(path, record.outputs[path]!) }
            default:
                out.line(Self.header)
                for key in record.settings.keys.sorted() { out.line("S", key, record.settings[key]!) }
                for key in record.inputs.keys.sorted() { out.line("I", key, record.inputs[key]!) }
            }
            return out.bytes
        }
        var bytes = parts[3]
        bytes.reserveCapacity(parts.reduce(0) { $0 + $1.count } + 4)
        for part in [0, 1, 2] { bytes.append(contentsOf: parts[part]) }
        bytes.append(contentsOf: Array("end\n".utf8))
        try AtomicFile.write(bytes, to: Self.path(in: outputDirectory))
    }
}

/// Tab-separated lines, as bytes.
struct RecordLines {
    var bytes: [UInt8] = []
    var count = 0

    mutating func line(_ fields: String...) {
        for (i, field) in fields.enumerated() {
            if i > 0 { bytes.append(0x09) }
            bytes.append(contentsOf: field.utf8)
        }
        bytes.append(0x0A)
        count += 1
    }

    /// Lines that turn `old` into `new`: the entries added or changed, and removals.
    mutating func diff(_ kind: String, _ new: [String: String], _ old: [String: String]) {
        for (key, value) in new where old[key] != value { line(kind, key, value) }
        for key in old.keys where new[key] == nil { line("-", kind, key) }
    }

    mutating func output(_ path: String, _ o: BuildManifest.Output) {
        line("O", path, o.fingerprint ?? "-", String(o.size), o.contentHash ?? "-")
    }
}

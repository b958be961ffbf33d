import Foundation
import LecternModel

/// What a write did, file by file, for the summary line and `--explain`.
public struct WriteReport: Sendable {
    public var written: [(path: String, reason: String)] = []
    public var unchanged: [String] = []
    public var removed: [String] = []
}

/// A file to write: path relative to the output folder, and its bytes or the file to copy.
public struct PendingFile: Sendable {
    public var path: String
    /// The page's fingerprint, recorded for the next build; nil for copied files.
    public var fingerprint: String?
    public var bytes: @Sendable () throws -> [UInt8]

    public init(path: String, fingerprint: String? = nil, bytes: @escaping @Sendable () throws -> [UInt8]) {
        self.path = path
        self.fingerprint = fingerprint
        self.bytes = bytes
    }
}

/// Stage 6: puts the rendered site on disk. Files whose bytes did not change are left alone
/// (their modification time too, so rsync and deploys move only real changes); files a
/// previous build wrote and this one does not are removed; anything else is never touched.
public struct OutputWriter {
    public var outputDirectory: String
    /// Diagnostics name output files relative to this folder (the site root) when inside it.
    public var displayRoot: String

    public init(outputDirectory: String, displayRoot: String = "") {
        self.outputDirectory = outputDirectory
        self.displayRoot = displayRoot
    }

    /// Files in the way that Lectern did not write: checked before anything is written, so a
    /// conflict leaves the output exactly as it was.
    public func conflicts(_ files: [PendingFile], manifest: BuildManifest) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let owned = manifest.paths // computed: build the set once, not once per file
        for file in files where !owned.contains(file.path) {
            let full = outputDirectory + "/" + file.path
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDir) else { continue }
            if isDir.boolValue || (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: full)))) != (try? file.bytes()) {
                found.append(.error(SourceLocation(path: displayPath(file.path)),
                                    "lectern would overwrite this file, which it did not write; move it away and build again"))
            }
        }
        return found
    }

    /// Writes `files`; `kept` are pages not rendered this time because nothing they show changed
    /// (still this build's outputs, recorded as before); `facts` go into the new record.
    public func write(_ files: [PendingFile], kept: [String: BuildManifest.Output] = [:], facts: [String: String] = [:],
                      inputs: [String: String] = [:], settings: [String: String] = [:],
                      previous: BuildManifest) throws -> WriteReport {
        var report = WriteReport()
        var record = BuildManifest(outputs: kept, facts: facts, inputs: inputs, settings: settings)
        // Before touching any file, record that the files about to be written are in flux: if
        // this build is killed half-way, the next one renders them again instead of trusting
        // whatever bytes the killed build left (even if the inputs went back to what they were).
        if !files.isEmpty {
            var interim = previous
            for file in files { interim.outputs[file.path] = BuildManifest.Output(fingerprint: nil, size: -1) }
            try interim.write(outputDirectory: outputDirectory)
        }
        let fm = FileManager.default
        try fm.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        // Scratch files live in `.lectern/tmp/`, emptied first: a build killed mid-write leaves
        // nothing stray in the site itself.
        let scratch = outputDirectory + "/" + BuildManifest.directory + "/tmp"
        try? fm.removeItem(atPath: scratch)
        try fm.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        var scratchCount = 0
        // Folders already made in this build: one mkdir per folder, not per file.
        var madeFolders: Set<String> = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            let full = outputDirectory + "/" + file.path
            let bytes = try file.bytes()
            var hash = StableHash()
            hash.add(bytes: bytes[...])
            record.outputs[file.path] = BuildManifest.Output(fingerprint: file.fingerprint, size: bytes.count, contentHash: hash.hex)
            if let existing = try? [UInt8](Data(contentsOf: URL(fileURLWithPath: full))) {
                if existing == bytes {
                    report.unchanged.append(file.path)
                    continue
                }
                report.written.append((file.path, "its content changed"))
            } else {
                report.written.append((file.path, "it is new"))
            }
            let folder = (full as NSString).deletingLastPathComponent
            if madeFolders.insert(folder).inserted {
                try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            scratchCount += 1
            try AtomicFile.write(bytes, to: full, temporary: scratch + "/\(scratchCount)")
        }
        report.unchanged += kept.keys.sorted()
        let current = record.paths
        for stale in previous.paths.subtracting(current).sorted() {
            let full = outputDirectory + "/" + stale
            if fm.fileExists(atPath: full) {
                try fm.removeItem(atPath: full)
                report.removed.append(stale)
                removeEmptyParents(of: stale)
            }
        }
        try record.write(outputDirectory: outputDirectory)
        return report
    }

    /// After removing `songs/old/index.html`, removes `songs/old/` if nothing else is in it.
    private func removeEmptyParents(of path: String) {
        var parts = path.split(separator: "/").dropLast()
        while !parts.isEmpty {
            let dir = outputDirectory + "/" + parts.joined(separator: "/")
            guard let contents = try? FileManager.default.contentsOfDirectory(atPath: dir), contents.isEmpty else { return }
            try? FileManager.default.removeItem(atPath: dir)
            parts = parts.dropLast()
        }
    }

    public func displayPath(_ path: String) -> String {
        let full = path.isEmpty ? outputDirectory : outputDirectory + "/" + path
        let prefix = displayRoot.hasSuffix("/") ? displayRoot : displayRoot + "/"
        return !displayRoot.isEmpty && full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : full
    }
}

import Foundation
import LecternModel

/// What a write did, file by file, for the summary line and `--explain`.
public struct WriteReport: Sendable {
    public var written: [(path: String, reason: String)] = []
    /// Files left as they were: written with the same bytes, or kept without rendering.
    public var unchanged = 0
    public var removed: [String] = []
}

/// A file that could not be written, and why, in words for the person who put something in
/// its way.
public struct WriteFailure: LocalizedError, Sendable {
    /// Relative to the output folder.
    public let path: String
    public let reason: String

    public var errorDescription: String? { "cannot write \(path): \(reason)" }
}

/// A file to write: path relative to the output folder, and its bytes or the file to copy.
public struct PendingFile: Sendable {
    public var path: String
    /// The page's fingerprint, recorded for the next build; nil for copied files.
    public var fingerprint: String?
    public var bytes: @Sendable () throws -> [UInt8]
    /// What the check for files in the way found at this path (`OutputWriter.conflicts`), so
    /// that writing a new file does not look for it again.
    public var found = Found.unknown
    /// The hash of the bytes the record says were last written here, if it lists the file.
    public var recordedHash: String?

    public enum Found: Sendable {
        /// Not looked for: a file a previous build wrote, compared before it is replaced.
        case unknown
        /// No file there; its folder is.
        case nothing
        /// Not even its folder: made first.
        case noFolder
    }

    public init(path: String, fingerprint: String? = nil, recordedHash: String? = nil, bytes: @escaping @Sendable () throws -> [UInt8]) {
        self.path = path
        self.fingerprint = fingerprint
        self.recordedHash = recordedHash
        self.bytes = bytes
    }
}

/// Stage 6: puts the rendered site on disk. Files whose bytes did not change are left alone
/// (their modification time too, so rsync and deploys move only real changes); files a
/// previous build wrote and this one does not are removed; anything else is never touched.
public struct OutputWriter: Sendable {
    public var outputDirectory: String
    /// Diagnostics name output files relative to this folder (the site root) when inside it.
    public var displayRoot: String
    /// Files are compared and written on this many threads.
    public var jobs: Int

    public init(outputDirectory: String, displayRoot: String = "", jobs: Int = 1) {
        self.outputDirectory = outputDirectory
        self.displayRoot = displayRoot
        self.jobs = jobs
    }

    /// Files in the way that Lectern did not write (`isOwn` says which it did): checked before
    /// anything is written, so a conflict leaves the output exactly as it was. What was found at
    /// each other path is noted in `files` for the write. On all threads: a first build into an
    /// empty folder looks up 40,000 names that are not there, most in folders not there either
    /// (one look-up of the folder tells both).
    public func conflicts(_ files: inout [PendingFile], isOwn: (String) -> Bool) -> [Diagnostic] {
        let others = files.indices.filter { !isOwn(files[$0].path) }
        let snapshot = files
        let found = Parallel.map(others.count, jobs: jobs) { index -> PendingFile.Found? in
            let file = snapshot[others[index]]
            let full = self.outputDirectory + "/" + file.path
            var info = stat()
            if let slash = full.lastIndex(of: "/"), stat(String(full[..<slash]), &info) != 0 { return .noFolder }
            guard stat(full, &info) == 0 else { return .nothing }
            let inTheWay = (info.st_mode & S_IFMT) == S_IFDIR || FileBytes.contentsIfPresent(full) != (try? file.bytes())
            return inTheWay ? nil : .unknown
        }
        var inTheWay: [Diagnostic] = []
        for (index, found) in zip(others, found) {
            guard let found else {
                inTheWay.append(.error(SourceLocation(path: displayPath(files[index].path)),
                                       "lectern would overwrite this file, which it did not write; move it away and build again"))
                continue
            }
            files[index].found = found
        }
        return inTheWay
    }

    /// Writes `files`; `kept` are pages not rendered this time because nothing they show changed
    /// (still this build's outputs, recorded as before); `facts` go into the new record. Files
    /// `previous` lists and this build does not are removed.
    public func write(_ files: [PendingFile], kept: [String: BuildManifest.Output] = [:], facts: [String: String] = [:],
                      inputs: [String: String] = [:], settings: [String: String] = [:],
                      previous: BuildManifest) throws -> WriteReport {
        var record = BuildManifest(outputs: kept, facts: facts, inputs: inputs, settings: settings)
        let interrupted = previous.outputs.filter { $0.value.size < 0 }.map(\.key)
        var report = try put(files, interrupted: interrupted, markInFlux: {
            try BuildManifest.markInFlux($0, previous: previous, outputDirectory: outputDirectory)
        }) { record.outputs[$0] = $1 }
        report.unchanged += kept.count
        let fm = FileManager.default
        // Stale: what `previous` lists and this build does not. `kept` came from `previous`:
        // when it and the files written account for every entry there, none is, and 40,000
        // names need not be looked up.
        let carriedOver = kept.count + files.count { previous.outputs[$0.path] != nil }
        let stale = carriedOver == previous.outputs.count ? [] : previous.outputs.keys.filter { record.outputs[$0] == nil }.sorted()
        for path in stale {
            let full = outputDirectory + "/" + path
            if fm.fileExists(atPath: full) {
                try fm.removeItem(atPath: full)
                report.removed.append(path)
                removeEmptyParents(of: path)
            }
        }
        try record.save(outputDirectory: outputDirectory, over: previous, inFlux: Set(files.map(\.path)), removed: stale)
        return report
    }

    /// Writes `files` for a build that rendered only some of the pages `previous` lists, and
    /// removes none: the record gets only what changed (`facts` that did, every setting and
    /// input stamp as now), appended to the log. `kept` outputs were not rendered.
    public func update(_ files: [PendingFile], kept: Int, facts: [String: String], inputs: [String: String],
                       settings: [String: String], previous: RecordLog) throws -> WriteReport {
        // A write this large makes the whole record anew at the end: the record is decoded for
        // it now, beside the rendering, instead of on one core after the last file.
        let decoded = previous.rewritesWhole(writing: files.count) ? Background { previous.manifest() } : nil
        var outputs: [String: BuildManifest.Output] = [:]
        var report = try put(files, interrupted: previous.interruptedOutputs, markInFlux: {
            try previous.markInFlux($0, outputDirectory: outputDirectory)
        }) { outputs[$0] = $1 }
        report.unchanged += kept
        try previous.save(settings: settings, inputs: inputs, facts: facts, outputs: outputs,
                          inFlux: Set(files.map(\.path)), outputDirectory: outputDirectory, decoded: decoded)
        return report
    }

    /// Writes `files`, each only if its bytes changed, after marking them in flux; tells
    /// `written` each one's record entry, in path order. `interrupted` outputs may have
    /// scratch files beside them, from a build killed while writing them.
    private func put(_ files: [PendingFile], interrupted: [String], markInFlux: ([String]) throws -> Void,
                     written: (String, BuildManifest.Output) -> Void) throws -> WriteReport {
        var report = WriteReport()
        // Before touching any file, record that the files about to be written are in flux: if
        // this build is killed half-way, the next one renders them again instead of trusting
        // whatever bytes the killed build left (even if the inputs went back to what they were).
        if !files.isEmpty { try markInFlux(files.map(\.path)) }
        try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        // A build killed mid-write may have left a scratch file beside any file it had marked
        // in flux: remove those first, so nothing stray stays in the site.
        for path in interrupted { unlink(AtomicFile.temporaryPath(for: outputDirectory + "/" + path)) }
        rmdir(outputDirectory + "/" + BuildManifest.directory + "/tmp") // where older builds kept them
        // Each file is compared and written on its own, in the order given (the planner puts
        // pages that share work side by side); the report is put together in path order
        // afterwards, so it reads the same however the threads ran.
        let spares = SpareFiles(directory: outputDirectory + "/" + BuildManifest.directory)
        defer { spares.removeAll() }
        let outcomes = Parallel.map(files.count, jobs: jobs) { index in
            Result { try self.put(files[index], spares: spares) }.mapError { self.failure(at: files[index].path, $0) }
        }
        for (file, outcome) in zip(files, outcomes).sorted(by: { $0.0.path < $1.0.path }) {
            let (output, change) = try outcome.get()
            written(file.path, output)
            switch change {
            case .unchanged: report.unchanged += 1
            case .new: report.written.append((file.path, "it is new"))
            case .changed: report.written.append((file.path, "its content changed"))
            }
        }
        return report
    }

    private enum Change { case unchanged, new, changed }

    /// Why `path` could not be written: a folder where the file goes is said so; anything
    /// else as the system put it.
    private func failure(at path: String, _ error: Error) -> WriteFailure {
        var info = stat()
        if stat(outputDirectory + "/" + path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            return WriteFailure(path: path, reason: "a folder is where this file goes; move it away and build again")
        }
        return WriteFailure(path: path, reason: error.localizedDescription)
    }

    /// Writes one file unless the same bytes are already there: a new one through a temporary
    /// sibling, a changed one by swapping in a spare (`SpareFiles`).
    private func put(_ file: PendingFile, spares: SpareFiles) throws -> (BuildManifest.Output, Change) {
        let full = outputDirectory + "/" + file.path
        let bytes = try file.bytes()
        var hash = StableHash()
        hash.add(bytes: bytes[...])
        let output = BuildManifest.Output(fingerprint: file.fingerprint, size: bytes.count, contentHash: hash.hex)
        // Bytes other than those last written here (as the record has them) replace the file
        // unread: a template edit changes 20,000 pages, and reading each one back to compare
        // was a tenth of that build. Were the file changed by hand to these very bytes, it
        // is only written again. Only a regular file is swapped out so (a folder put in a
        // page's place must not end up among the spares); anything else, or nothing, is
        // looked at below.
        var info = stat()
        if let recorded = file.recordedHash, recorded != output.contentHash, file.found == .unknown,
           stat(full, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
            try spares.replace(full, with: bytes)
            return (output, .changed)
        }
        // A file found missing a moment ago is not looked for again.
        let existing = file.found == .unknown ? FileBytes.contentsIfPresent(full) : nil
        if existing == bytes { return (output, .unchanged) }
        if existing == nil {
            try AtomicFile.create(bytes, at: full, foldersUnder: outputDirectory, folderMissing: file.found == .noFolder)
            return (output, .new)
        }
        try spares.replace(full, with: bytes)
        return (output, .changed)
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

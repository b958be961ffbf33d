import Foundation
import LecternModel
#if canImport(Glibc)
import Glibc
#endif

/// The build record as read from disk (its format: `BuildManifest`), split into entry lines and
/// decoded only as far as a build needs. A build in which nothing changed needs the settings,
/// the input stamps and each output's size: for 10,000 songs that is 10,000 of the record's
/// 90,000 lines made into strings, where decoding all of them into `BuildManifest`'s
/// dictionaries was a third of such a build. A build that renders asks for `manifest()`.
public struct RecordLog: Sendable {
    private let bytes: [UInt8]
    /// Entry lines (no header, no `end`), over every intact part, in order.
    private let lines: [Range<Int>]
    public let settings: [String: String]
    public let inputs: [String: String]
    /// An output the record lists: its path (a range of `bytes`), recorded size, and whether it
    /// is a page (has a fingerprint) rather than a copied file.
    private struct Listed {
        var path: Range<Int>
        var size: Int
        var isPage: Bool
    }
    private let outputSizes: [Listed]
    /// Entry lines in the first part, a whole record.
    private let baseLineCount: Int

    public var outputCount: Int { outputSizes.count }
    public var pageCount: Int { outputSizes.count { $0.isPage } }
    /// A file marked in flux (size -1) is listed: the last build was killed while writing.
    public var wasInterrupted: Bool { outputSizes.contains { $0.size < 0 } }

    /// The record in `outputDirectory`, or nil when it is missing, torn before its first `end`,
    /// of another version or not a record at all.
    public static func read(outputDirectory: String) -> RecordLog? {
        guard let bytes = FileBytes.contentsIfPresent(BuildManifest.path(in: outputDirectory)) else { return nil }
        return RecordLog(bytes: bytes)
    }

    init?(bytes: [UInt8]) {
        self.bytes = bytes
        // Lines first: the header, then parts each closed by `end`. Lines after the last `end`
        // belong to a part torn by a kill, and are left out: the record is as the parts before
        // it say.
        var all: [Range<Int>] = []
        all.reserveCapacity(bytes.count / 48)
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                let end = UnsafeBufferPointer(rebasing: buffer[start...]).firstIndex(of: 0x0A).map { start + $0 } ?? buffer.count
                if end > start { all.append(start..<end) }
                start = end + 1
            }
        }
        let isEnd = { (line: Range<Int>) in bytes[line].elementsEqual("end".utf8) }
        guard let head = all.first, bytes[head].elementsEqual(BuildManifest.header.utf8),
              let firstEnd = all.firstIndex(where: isEnd), let lastEnd = all.lastIndex(where: isEnd) else { return nil }
        var lines: [Range<Int>] = []
        lines.reserveCapacity(lastEnd)
        var baseLineCount = 0
        var settings: [String: String] = [:], inputs: [String: String] = [:]
        var outputs: [Listed] = []
        // Outputs named after the first part (a whole record, as `BuildManifest.write` makes
        // it, with each path once), or removed: path → where and what size, nil when removed.
        // Later lines win.
        var later: [String: Listed?] = [:]
        let valid: Bool = bytes.withUnsafeBufferPointer { buffer in
            for (number, line) in all[1..<lastEnd].enumerated() {
                if isEnd(line) { continue }
                if number + 1 < firstEnd { baseLineCount += 1 }
                guard let fields = Self.fields(UnsafeBufferPointer(rebasing: buffer[line]), offset: line.lowerBound),
                      fields[0].count == 1 else { return false }
                lines.append(line)
                func text(_ i: Int) -> String { String(decoding: buffer[fields[i]], as: UTF8.self) }
                switch (buffer[line.lowerBound], fields.count) {
                case (UInt8(ascii: "S"), 3): settings[text(1)] = text(2)
                case (UInt8(ascii: "I"), 3): inputs[text(1)] = text(2)
                case (UInt8(ascii: "F"), 3): break
                case (UInt8(ascii: "O"), 5):
                    let isPage = !(fields[2].count == 1 && buffer[fields[2].lowerBound] == UInt8(ascii: "-"))
                    let entry = Listed(path: fields[1], size: Int(text(3)) ?? -1, isPage: isPage)
                    if number + 1 < firstEnd { outputs.append(entry) } else { later[text(1)] = .some(entry) }
                case (UInt8(ascii: "-"), 3):
                    guard fields[1].count == 1 else { return false }
                    switch buffer[fields[1].lowerBound] {
                    case UInt8(ascii: "S"): settings[text(2)] = nil
                    case UInt8(ascii: "I"): inputs[text(2)] = nil
                    case UInt8(ascii: "F"): break
                    case UInt8(ascii: "O"): later[text(2)] = .some(nil)
                    default: return false
                    }
                default: return false
                }
            }
            return true
        }
        guard valid else { return nil }
        if !later.isEmpty {
            // Outputs named again later: their first-part entries go (found by hash, then by
            // name, without a string per line), and what the later lines say is added.
            let laterHashes = Set(later.keys.map { Self.hash($0.utf8) })
            outputs = bytes.withUnsafeBufferPointer { buffer in
                outputs.filter { entry in
                    let path = buffer[entry.path]
                    return !laterHashes.contains(Self.hash(path)) || later[String(decoding: path, as: UTF8.self)] == nil
                }
            }
            outputs += later.values.compactMap { $0 }
        }
        self.lines = lines
        self.settings = settings
        self.inputs = inputs
        self.outputSizes = outputs
        self.baseLineCount = baseLineCount
    }

    /// The tab-separated fields of an entry line, as ranges of the whole buffer; nil unless it has
    /// 3 or 5 of them.
    private static func fields(_ line: UnsafeBufferPointer<UInt8>, offset: Int) -> [Range<Int>]? {
        var fields: [Range<Int>] = []
        fields.reserveCapacity(5)
        var from = 0
        for (i, byte) in line.enumerated() where byte == 0x09 {
            fields.append(offset + from..<offset + i)
            from = i + 1
            if fields.count == 4 { break }
        }
        fields.append(offset + from..<offset + line.count)
        return fields.count == 3 || fields.count == 5 ? fields : nil
    }

    private static func hash<C: Collection>(_ bytes: C) -> Int where C.Element == UInt8 {
        var hasher = Hasher()
        for byte in bytes { hasher.combine(byte) }
        return hasher.finalize()
    }

    /// The first output, by path, that is not a regular file of its recorded size under
    /// `directory`; nil when every one is. One `stat` per output, on `jobs` threads, relative to
    /// the folder (the kernel walks 3 names per page, not the 10 of a full path) and through a
    /// path buffer of each thread's own: most of a build in which nothing changed.
    public func firstMissingOutput(in directory: String, jobs: Int) -> String? {
        let folder = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return outputSizes.isEmpty ? nil : pathText(0) }
        defer { close(folder) }
        let chunks = min(outputSizes.count, 64)
        let misses = Parallel.map(chunks, jobs: jobs) { chunk -> [Int] in
            var path: [CChar] = []
            var missing: [Int] = []
            bytes.withUnsafeBufferPointer { buffer in
                for index in stride(from: chunk, to: outputSizes.count, by: chunks) {
                    let entry = outputSizes[index]
                    path.removeAll(keepingCapacity: true)
                    for byte in buffer[entry.path] { path.append(CChar(bitPattern: byte)) }
                    path.append(0)
                    var info = stat()
                    if fstatat(folder, path, &info, 0) != 0 || (info.st_mode & S_IFMT) != S_IFREG || Int(info.st_size) != entry.size {
                        missing.append(index)
                    }
                }
            }
            return missing
        }
        return misses.joined().map(pathText).min()
    }

    private func pathText(_ index: Int) -> String {
        String(decoding: bytes[outputSizes[index].path], as: UTF8.self)
    }

    /// The whole record, decoded. Facts and outputs are decoded on two threads, each kind in
    /// the lines' order; `facts`, when the caller has them from `facts()`, are not decoded again.
    public func manifest(facts known: [String: String]? = nil) -> BuildManifest {
        let kinds = known == nil ? [UInt8(ascii: "O"), UInt8(ascii: "F")] : [UInt8(ascii: "O")]
        let parts = Parallel.map(kinds.count, jobs: 2) { decoded(kinds[$0]) }
        var record = BuildManifest(outputs: parts[0].outputs, facts: known ?? parts[1].facts, inputs: inputs, settings: settings)
        record.lineCount = lines.count
        record.baseLineCount = baseLineCount
        return record
    }

    /// Every fact, as the whole record has them: for a build that compares all facts but
    /// renders only the pages of those that changed.
    public func facts() -> [String: String] {
        decoded(UInt8(ascii: "F")).facts
    }

    /// The lines of one kind (`F` facts or `O` outputs) decoded, in order.
    private func decoded(_ kind: UInt8) -> BuildManifest {
        var part = BuildManifest()
        bytes.withUnsafeBufferPointer { buffer in
            // The line's kind, or the kind a `-` line removes.
            func kindOf(_ line: Range<Int>) -> UInt8 {
                buffer[line.lowerBound] == UInt8(ascii: "-") && line.count > 2 ? buffer[line.lowerBound + 2] : buffer[line.lowerBound]
            }
            let count = lines.count { buffer[$0.lowerBound] == kind }
            if kind == UInt8(ascii: "F") { part.facts.reserveCapacity(count) } else { part.outputs.reserveCapacity(count) }
            for line in lines where kindOf(line) == kind { Self.decode(line, of: buffer, into: &part) }
        }
        return part
    }

    /// The facts and outputs named, as the whole record has them (later lines win), for a
    /// build that renders some of the pages: one pass over the lines, decoding only those whose
    /// key is one asked for. A key is read as text only when its length is that of one asked
    /// for, then looked up in the set: a lyrics edit asks for a few keys, a template edit for
    /// 20,000 (comparing each line with every key of its length took most of a second there).
    public func entries(facts keys: Set<String>, outputs paths: Set<String>) -> (facts: [String: String], outputs: [String: BuildManifest.Output]) {
        let factLengths = Set(keys.map(\.utf8.count)), outputLengths = Set(paths.map(\.utf8.count))
        var found = BuildManifest()
        bytes.withUnsafeBufferPointer { buffer in
            for line in lines {
                // The key: the second field, or the third of a `-` line.
                var kind = buffer[line.lowerBound], from = line.lowerBound + 2
                if kind == UInt8(ascii: "-"), line.count > 4 { kind = buffer[from]; from += 2 }
                let isFact = kind == UInt8(ascii: "F")
                guard isFact || kind == UInt8(ascii: "O") else { continue }
                var to = from
                while to < line.upperBound, buffer[to] != 0x09 { to += 1 }
                guard (isFact ? factLengths : outputLengths).contains(to - from) else { continue }
                let key = String(decoding: UnsafeBufferPointer(rebasing: buffer[from..<to]), as: UTF8.self)
                guard (isFact ? keys : paths).contains(key) else { continue }
                Self.decode(line, of: buffer, into: &found)
            }
        }
        return (found.facts, found.outputs)
    }

    /// Applies one fact or output line (or its removal) to `record`; settings and inputs are
    /// decoded already.
    private static func decode(_ line: Range<Int>, of buffer: UnsafeBufferPointer<UInt8>, into record: inout BuildManifest) {
        let fields = Self.fields(UnsafeBufferPointer(rebasing: buffer[line]), offset: line.lowerBound)!
        func text(_ i: Int) -> String { String(decoding: buffer[fields[i]], as: UTF8.self) }
        func isDash(_ i: Int) -> Bool { fields[i].count == 1 && buffer[fields[i].lowerBound] == UInt8(ascii: "-") }
        switch buffer[line.lowerBound] {
        case UInt8(ascii: "F"): record.facts[text(1)] = text(2)
        case UInt8(ascii: "O"):
            record.outputs[text(1)] = BuildManifest.Output(fingerprint: isDash(2) ? nil : text(2), size: Int(text(3)) ?? -1,
                                                           contentHash: isDash(4) ? nil : text(4))
        case UInt8(ascii: "-"):
            switch buffer[fields[1].lowerBound] {
            case UInt8(ascii: "F"): record.facts[text(2)] = nil
            case UInt8(ascii: "O"): record.outputs[text(2)] = nil
            default: break
            }
        default: break
        }
    }

    /// Outputs that a build killed while writing them left marked in flux.
    public var interruptedOutputs: [String] {
        outputSizes.indices.filter { outputSizes[$0].size < 0 }.map(pathText)
    }

    /// Marks `paths` in flux before they are written (see `BuildManifest.markInFlux`).
    public func markInFlux(_ paths: [String], outputDirectory: String) throws {
        try BuildManifest.markInFlux(paths, previous: manifest(), outputDirectory: outputDirectory)
    }

    /// Saves, last of all, a build that changed only what is given — `settings` and `inputs`
    /// whole, the `facts` and `outputs` that changed — and removed nothing; `inFlux` were
    /// marked since this log was read. Appended as one part like `BuildManifest.save`, or, when
    /// the log has grown enough, the whole record is written anew.
    /// Whether a build that writes `count` files will write the whole record anew rather than
    /// append to it (see `BuildManifest.append`: the marks and the outputs, two lines a file).
    /// A guess, for decoding the record beside the rendering (`save`'s `decoded`).
    public func rewritesWhole(writing count: Int) -> Bool {
        !BuildManifest.fitsLog(lines: lines.count + 2 * count, base: baseLineCount)
    }

    /// `decoded`: this log's `manifest()`, if made already (decoded beside the rendering).
    public func save(settings: [String: String], inputs: [String: String], facts: [String: String],
                     outputs: [String: BuildManifest.Output], inFlux: Set<String>, outputDirectory: String,
                     decoded: Background<BuildManifest>? = nil) throws {
        var changes = RecordLines()
        changes.diff("S", settings, self.settings)
        changes.diff("I", inputs, self.inputs)
        for (key, value) in facts { changes.line("F", key, value) }
        for (path, output) in outputs { changes.output(path, output) }
        try BuildManifest.append(changes, over: lines.count, base: baseLineCount, inFlux: inFlux.count,
                                 outputDirectory: outputDirectory) {
            var record = decoded?.value ?? manifest()
            record.settings = settings
            record.inputs = inputs
            record.facts.merge(facts) { $1 }
            record.outputs.merge(outputs) { $1 }
            try record.write(outputDirectory: outputDirectory)
        }
    }
}

import Foundation
import LecternModel
import LecternWrite

/// The parses of earlier builds, kept in `.lectern/parses` beside the build record: for every
/// song, service and shoot-list file, its stamp and content hash when read, the warnings it
/// gave, and the parsed model, encoded. A later build reuses an entry without parsing when the
/// file's content hash is the same — and without even reading the file when its stamp is the
/// same and was not racily new (git's rule: not within two seconds of the entry being written).
///
/// Like Ninja's build log, the file is a log: a build appends a batch with the entries it made
/// (a one-song edit appends one entry, not 16 MB), later entries override earlier ones, and the
/// file is rewritten compactly when most of it is outdated. Each batch carries its length and a
/// checksum, so a batch torn by a crash is ignored. The cache as a whole belongs to one lectern
/// binary and one set of parser settings (its `key`); any other key reads as an empty cache.
public struct ParseCache: Sendable {
    static let fileName = "parses"
    static let magic = Array("lectern-parses v4\n".utf8)

    /// Which folder a content file is in, so which parser reads it.
    public enum Kind: Int, Sendable { case song = 0, service = 1, shootList = 2 }

    public struct Entry: Sendable {
        public var stamp: String
        public var contentHash: UInt64
        /// When the build that made this entry wrote it, in seconds since 1970 (the racy rule).
        public var writtenAt: Double
        /// A song's fingerprints, read with the entry: an unchanged song is not hashed again.
        public var songFingerprints: SongFingerprints?
        /// The encoded warnings and model, decoded only when the entry is used.
        var payload: ArraySlice<UInt8>
        /// Made by this build, so not yet in the file.
        var isNew = false
    }

    public var key: String
    public var entries: [String: Entry]
    /// Entries in the file as read, live or outdated: when they outnumber the live ones twice
    /// over, the next write compacts the file. Nil: nothing to append to (rewrite).
    var entriesInFile: Int?

    public init(key: String, entries: [String: Entry] = [:]) {
        self.key = key
        self.entries = entries
    }

    /// The song the entry for `path` holds, decoded; nil if none.
    public func song(at path: String) -> Song? {
        guard case .song(let song)?? = try? entries[path]?.decode().model else { return nil }
        return song
    }

    /// The service the entry for `path` holds, decoded; nil if none.
    public func service(at path: String) -> Service? {
        guard case .service(let service)?? = try? entries[path]?.decode().model else { return nil }
        return service
    }

    static func path(outputDirectory: String) -> String {
        outputDirectory + "/" + BuildManifest.directory + "/" + fileName
    }

    /// The cache left by earlier builds, if made with `key`; otherwise an empty one.
    public static func read(outputDirectory: String, key: String) -> ParseCache {
        var cache = ParseCache(key: key)
        guard let bytes = FileBytes.contentsIfPresent(path(outputDirectory: outputDirectory)) else { return cache }
        guard bytes.starts(with: magic) else { return cache }
        var r = ByteReader(bytes, offset: magic.count)
        guard (try? r.string()) == key else { return cache }
        var count = 0
        var complete = true
        while !r.isAtEnd {
            // A batch: its length, its checksum, its entries.
            guard let length = try? r.int(), let checksum = try? r.int(), let batch = try? r.raw(length),
                  Int(Int64(bitPattern: Self.checksum(batch))) == checksum, let read = try? Self.entries(in: batch)
            else {
                complete = false
                break
            }
            for (path, entry) in read { cache.entries[path] = entry }
            count += read.count
        }
        cache.entriesInFile = complete ? count : nil
        return cache
    }

    private static func entries(in batch: ArraySlice<UInt8>) throws -> [(String, Entry)] {
        var r = ByteReader(batch)
        var found: [(String, Entry)] = []
        while !r.isAtEnd {
            let path = try r.string()
            let stamp = try r.string()
            let hash = UInt64(bitPattern: Int64(try r.int()))
            let writtenAt = Double(try r.int()) / 1e9
            let fingerprints = try r.optional { SongFingerprints(summary: try $0.string(), body: try $0.string()) }
            let payload = try r.raw(try r.int())
            found.append((path, Entry(stamp: stamp, contentHash: hash, writtenAt: writtenAt,
                                      songFingerprints: fingerprints, payload: payload)))
        }
        return found
    }

    private static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var h = StableHash()
        h.add(bytes: bytes)
        return h.value
    }

    /// Appends this build's new entries, or rewrites the file when there is nothing valid to
    /// append to or most of it is outdated.
    public func write(outputDirectory: String) throws {
        let now = Int(Date().timeIntervalSince1970 * 1e9)
        let file = Self.path(outputDirectory: outputDirectory)
        if let inFile = entriesInFile, inFile <= 2 * entries.count + 64 {
            let fresh = entries.filter(\.value.isNew)
            guard !fresh.isEmpty else { return }
            var w = ByteWriter()
            Self.appendBatch(fresh, writtenAt: now, to: &w)
            if AtomicFile.append(w.bytes, to: file) { return }
        }
        var w = ByteWriter()
        w.raw(Self.magic)
        w.string(key)
        Self.appendBatch(entries, writtenAt: now, to: &w)
        try FileManager.default.createDirectory(atPath: outputDirectory + "/" + BuildManifest.directory, withIntermediateDirectories: true)
        try AtomicFile.write(w.bytes, to: file)
    }

    private static func appendBatch(_ entries: [String: Entry], writtenAt now: Int, to out: inout ByteWriter) {
        var w = ByteWriter()
        for path in entries.keys.sorted() {
            let entry = entries[path]!
            w.string(path)
            w.string(entry.stamp)
            w.int(Int(Int64(bitPattern: entry.contentHash)))
            w.int(entry.isNew ? now : Int(entry.writtenAt * 1e9))
            w.optional(entry.songFingerprints) {
                $0.string($1.summary)
                $0.string($1.body)
            }
            w.int(entry.payload.count)
            w.raw(entry.payload)
        }
        out.int(w.bytes.count)
        out.int(Int(Int64(bitPattern: checksum(w.bytes[...]))))
        out.raw(w.bytes)
    }
}

extension ParseCache.Entry {
    /// A new entry for a file just parsed.
    init(stamp: String, contentHash: UInt64, warnings: [Diagnostic], model: ParsedFile?) {
        var w = ByteWriter()
        w.values(warnings)
        w.optionalValue(model)
        var fingerprints: SongFingerprints?
        if case .song(let song)? = model { fingerprints = SongFingerprints(song) }
        self.init(stamp: stamp, contentHash: contentHash, writtenAt: 0, songFingerprints: fingerprints,
                  payload: w.bytes[...], isNew: true)
    }

    /// The warnings and model stored for the file.
    func decode() throws -> (warnings: [Diagnostic], model: ParsedFile?) {
        var r = ByteReader(payload)
        let warnings: [Diagnostic] = try r.values()
        let model: ParsedFile? = try r.optionalValue()
        guard r.isAtEnd else { throw ByteReader.Malformed() }
        return (warnings, model)
    }
}

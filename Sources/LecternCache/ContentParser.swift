import LecternLoad
import LecternModel
import LecternParse

/// Stage 2 for the site's songs, services and shoot lists: every file parsed — or its parse
/// taken from the last build's cache, when the file's stamp (no read at all) or its content hash
/// (one read) says it did not change. Parsing runs on `jobs` threads; results and warnings come
/// out in file order whatever the threads did.
public struct ContentParser: Sendable {
    public var song: SongParser
    public var service: ServiceParser
    public var shootList: ShootListParser

    public init(song: SongParser, service: ServiceParser, shootList: ShootListParser) {
        self.song = song
        self.service = service
        self.shootList = shootList
    }

    public struct Parsed: Sendable {
        public var songs: [Song] = []
        public var services: [Service] = []
        public var shootLists: [ShootList] = []
        /// Every song's fingerprints, by song id, computed when it was parsed.
        public var songFingerprints: [String: SongFingerprints] = [:]
        /// The cache for the next build: an entry for every file parsed without errors.
        public var cache: ParseCache
        /// Files read and parsed this time (the rest came from the cache).
        public var parsedCount = 0
    }

    /// A cache key: what besides a file's bytes decides its parse.
    public static func cacheKey(toolStamp: String, sectionNames: SectionNames, allowHTML: Bool) -> String {
        StableHash.of("v2", toolStamp, sectionNames.fingerprintText, allowHTML ? "html" : "no-html")
    }

    /// `stamps` are the inputs' file-system stamps by absolute path (empty: trust no stamp).
    public func parse(_ site: LoadedSite, stamps: [String: String], previous: ParseCache, jobs: Int,
                      racyWindow: Double, diagnostics: inout Diagnostics) -> Parsed {
        let inputs = site.songs.map { ($0, ParseCache.Kind.song) } + site.services.map { ($0, .service) }
            + site.shootLists.map { ($0, .shootList) }
        let outcomes = Parallel.map(inputs.count, jobs: jobs) { i in
            self.outcome(path: inputs[i].0, kind: inputs[i].1, root: site.root,
                         stamp: stamps[site.root + "/" + inputs[i].0], previous: previous, racyWindow: racyWindow)
        }
        var parsed = Parsed(cache: ParseCache(key: previous.key))
        parsed.cache.entriesInFile = previous.entriesInFile
        for (input, outcome) in zip(inputs, outcomes) {
            diagnostics.append(contentsOf: outcome.diagnostics)
            if outcome.parsed { parsed.parsedCount += 1 }
            if let entry = outcome.entry { parsed.cache.entries[input.0] = entry }
            switch outcome.model {
            case .song(let song)?:
                parsed.songs.append(song)
                parsed.songFingerprints[song.id] = outcome.entry?.songFingerprints
            case .service(let service)?: parsed.services.append(service)
            case .shootList(let list)?: parsed.shootLists.append(list)
            case nil: break
            }
        }
        return parsed
    }

    /// Parses just `songs` (paths relative to the site root) again, for a build that knows no
    /// other input changed; the cache it returns is `previous` with their new entries.
    public func reparse(songs paths: [String], of site: LoadedSite, stamps: [String: String], previous: ParseCache,
                        jobs: Int, racyWindow: Double, diagnostics: inout Diagnostics) -> Parsed {
        var subset = site
        (subset.songs, subset.services, subset.shootLists) = (paths, [], [])
        var parsed = parse(subset, stamps: stamps, previous: previous, jobs: jobs, racyWindow: racyWindow, diagnostics: &diagnostics)
        var cache = previous
        for (path, entry) in parsed.cache.entries { cache.entries[path] = entry }
        parsed.cache = cache
        return parsed
    }

    struct Outcome: Sendable {
        var model: ParsedFile?
        var diagnostics: Diagnostics
        /// nil when the file had errors: it is parsed again next time.
        var entry: ParseCache.Entry?
        var parsed: Bool
    }

    private func outcome(path: String, kind: ParseCache.Kind, root: String, stamp: String?, previous: ParseCache,
                         racyWindow: Double) -> Outcome {
        let cached = previous.entries[path]
        // Same stamp, not racily new: the file was not touched, so it is not even read.
        if let cached, let stamp, cached.stamp == stamp,
           (InputStamps.changeTime(stamp) ?? .infinity) < cached.writtenAt - racyWindow,
           let reused = reuse(cached, kind: kind) {
            return reused
        }
        var diagnostics = Diagnostics()
        guard let bytes = SiteLoader.readBytes(path, root: root, diagnostics: &diagnostics) else {
            return Outcome(model: nil, diagnostics: diagnostics, entry: nil, parsed: false)
        }
        var hash = StableHash()
        hash.add(bytes: bytes[...])
        // Touched but the same bytes: the stored parse, under the new stamp.
        if let cached, cached.contentHash == hash.value, var reused = reuse(cached, kind: kind) {
            reused.entry?.stamp = stamp ?? ""
            reused.entry?.isNew = true // under its new stamp, written again
            return reused
        }
        let model = parse(bytes, path: path, kind: kind, diagnostics: &diagnostics)
        let entry = ParseCache.Entry(stamp: stamp ?? "", contentHash: hash.value, warnings: diagnostics.all, model: model)
        return Outcome(model: model, diagnostics: diagnostics, entry: diagnostics.hasErrors ? nil : entry, parsed: true)
    }

    private func parse(_ bytes: [UInt8], path: String, kind: ParseCache.Kind, diagnostics: inout Diagnostics) -> ParsedFile? {
        switch kind {
        case .song:
            return song.parse(bytes, path: path, diagnostics: &diagnostics).map(ParsedFile.song)
        case .service:
            let file = SourceFile(decoding: bytes, path: path, diagnostics: &diagnostics)
            return service.parse(file, diagnostics: &diagnostics).map(ParsedFile.service)
        case .shootList:
            let file = SourceFile(decoding: bytes, path: path, diagnostics: &diagnostics)
            let relative = String(path.dropFirst("Content/shootlists/".count))
            return shootList.parse(file, relativePath: relative, diagnostics: &diagnostics).map(ParsedFile.shootList)
        }
    }

    /// The cached warnings and model, or nil if the entry cannot be decoded or holds another kind
    /// of file (then the file is parsed).
    private func reuse(_ entry: ParseCache.Entry, kind: ParseCache.Kind) -> Outcome? {
        guard let stored = try? entry.decode(), stored.model.map({ $0.kind == kind }) ?? true else { return nil }
        var diagnostics = Diagnostics()
        diagnostics.append(contentsOf: stored.warnings)
        return Outcome(model: stored.model, diagnostics: diagnostics, entry: entry, parsed: false)
    }
}

import LecternModel
import LecternWrite
#if canImport(Glibc)
import Glibc
#endif

/// `.lectern/outline`: the last build's `SiteOutline` and every warning it reported. A build
/// that reads only what changed (nothing, or some songs' lyrics) reports the stored warnings
/// again, so every build shows every warning, as a full one does.
///
/// A build removes the file before it writes anything and puts it back after the build record:
/// a build killed in between leaves no outline, which only means the next build takes the
/// full path.
public enum OutlineFile {
    static let fileName = "outline"
    static let magic = Array("lectern-outline v3\n".utf8)

    static func path(outputDirectory: String) -> String {
        outputDirectory + "/" + BuildManifest.directory + "/" + fileName
    }

    public static func read(outputDirectory: String) -> (outline: SiteOutline, warnings: [Diagnostic])? {
        guard let bytes = FileBytes.contentsIfPresent(path(outputDirectory: outputDirectory)), bytes.starts(with: magic) else { return nil }
        var r = ByteReader(bytes, offset: magic.count)
        do {
            let pairs = try r.array { (try $0.string(), try $0.string()) }
            let today = try r.strings()
            let hasLists = try r.bool()
            let usage = try r.array { (try $0.string(), try $0.value(SongUsage.self)) }
            let sung = try r.array { (try $0.string(), try $0.strings()) }
            let warnings: [Diagnostic] = try r.values()
            guard r.isAtEnd else { return nil }
            let outline = SiteOutline(albumIDs: Dictionary(pairs, uniquingKeysWith: { a, _ in a }),
                                      todaysSongs: Set(today), hasShootLists: hasLists,
                                      songUsage: Dictionary(usage, uniquingKeysWith: { a, _ in a }),
                                      serviceSongs: Dictionary(sung, uniquingKeysWith: { a, _ in a }))
            return (outline, warnings)
        } catch {
            return nil
        }
    }

    public static func write(_ outline: SiteOutline, warnings: [Diagnostic], outputDirectory: String) throws {
        var w = ByteWriter()
        w.raw(magic)
        w.array(outline.albumIDs.sorted { $0.key < $1.key }) { $0.string($1.key); $0.string($1.value) }
        w.strings(outline.todaysSongs.sorted())
        w.bool(outline.hasShootLists)
        w.array(outline.songUsage.sorted { $0.key < $1.key }) { $0.string($1.key); $0.value($1.value) }
        w.array(outline.serviceSongs.sorted { $0.key < $1.key }) { $0.string($1.key); $0.strings($1.value) }
        w.values(warnings)
        try AtomicFile.write(w.bytes, to: path(outputDirectory: outputDirectory))
    }

    public static func remove(outputDirectory: String) {
        unlink(path(outputDirectory: outputDirectory))
    }
}

import Foundation
import LecternBuild
import LecternCache
import LecternLoad
import LecternModel
import LecternParse
import Testing

/// The parse cache: what it stores comes back equal, what did not change is not parsed again,
/// and a damaged cache costs a full parse, never a wrong page.
@Suite struct ParseCacheTests {
    /// Every model of the example site, encoded and decoded: equal, field for field. Fails when
    /// a model field is added without its cache coding.
    @Test func everyExampleModelRoundTrips() throws {
        var diagnostics = Diagnostics()
        let loaded = SiteLoader.load(root: TestSite.repositoryRoot, diagnostics: &diagnostics)
        let parser = ContentParser(song: SongParser(sectionNames: SectionNames(), allowHTML: false),
                                   service: ServiceParser(allowHTML: false), shootList: ShootListParser(allowHTML: false))
        let parsed = parser.parse(loaded, stamps: [:], previous: ParseCache(key: "test"), jobs: 2,
                                   racyWindow: 2, diagnostics: &diagnostics)
        #expect(parsed.songs.count >= 13 && parsed.services.count >= 5 && parsed.shootLists.count >= 3)
        func roundTrip<T: CacheCodable & Equatable>(_ value: T) throws -> T {
            var w = ByteWriter()
            w.value(value)
            var r = ByteReader(w.bytes)
            let back: T = try r.value()
            #expect(r.isAtEnd)
            return back
        }
        for song in parsed.songs { #expect(try roundTrip(song) == song, "\(song.id)") }
        for service in parsed.services { #expect(try roundTrip(service) == service, "\(service.id)") }
        for list in parsed.shootLists { #expect(try roundTrip(list) == list, "\(list.id)") }
        // Values the example leaves out, so every optional is exercised both ways.
        var song = try #require(parsed.songs.first)
        song.metadata.track = -3
        song.metadata.audio = "media/a.mp3"
        song.sections[0].slides[0].lines[0].segments[0].chord = .noChord
        #expect(try roundTrip(song) == song)
    }

    /// Content hashes use all 64 bits: every integer comes back as written.
    @Test func integersRoundTripAtTheirExtremes() throws {
        let values = [0, 1, -1, 63, -64, 64, 300, -300, 1 << 40, Int.max, Int.min, Int.max - 1, Int.min + 1,
                      Int(Int64(bitPattern: 0xcbf2_9ce4_8422_2325))]
        var w = ByteWriter()
        for v in values { w.int(v) }
        var r = ByteReader(w.bytes)
        for v in values { #expect(try r.int() == v) }
        #expect(r.isAtEnd)
    }

    @Test func aTouchedButUnchangedFileIsNotParsedAgain() throws {
        let site = try TestSite(withExample: true)
        let first = site.pipeline()
        #expect(first.succeeded && first.parsed >= 21)
        let path = "Content/songs/hymns/amazing-grace.md"
        try site.write(path, try #require(site.read(path)))
        let touched = site.pipeline()
        #expect(touched.succeeded && touched.parsed == 0 && touched.rendered == 0, "parsed \(touched.parsed)")
        try site.write(path, try #require(site.read(path)).replacingOccurrences(of: "[G7]dangers,", with: "[G7]perils,"))
        let edited = site.pipeline()
        // The song's page and slideshow, and the slideshows, consoles and charts of the two
        // services that sing it, in both locales.
        #expect(edited.parsed == 1 && edited.rendered == 16, "parsed \(edited.parsed), rendered \(edited.rendered)")
    }

    @Test func warningsOfCachedFilesAreStillReported() throws {
        let site = try TestSite(files: ["Content/site.yaml": TestSite.minimalSiteYAML,
                                        "Content/songs/odd.md": "---\ntitle: Odd\n---\n\n## Verse 1\n[Xyz]odd bracket\n"])
        let first = site.pipeline()
        let second = site.pipeline()
        #expect(first.diagnostics.warnings.count == 1)
        #expect(second.parsed == 0 && second.diagnostics.warnings == first.diagnostics.warnings)
    }

    @Test func aDamagedCacheIsIgnored() throws {
        let site = try TestSite(withExample: true)
        _ = site.pipeline()
        let cache = site.root + "/Output/.lectern/parses"
        for damage in ["garbage appended", "truncated", "replaced"] {
            var bytes = [UInt8](try #require(FileManager.default.contents(atPath: cache)))
            switch damage {
            case "garbage appended": bytes += [0x05, 0x01, 0xFF]
            case "truncated": bytes = Array(bytes.prefix(bytes.count / 2))
            default: bytes = Array("not a cache".utf8)
            }
            try Data(bytes).write(to: URL(fileURLWithPath: cache))
            let path = "Content/songs/hymns/rock-of-ages.md"
            try site.write(path, try #require(site.read(path)) + "\nA line for \(damage)\n")
            let result = site.pipeline()
            #expect(result.succeeded, "\(damage): \(result.diagnostics.all)")
            let incremental = site.snapshot().filter { !$0.key.hasPrefix(".lectern") }
            let clean = site.pipeline(clean: true)
            #expect(clean.succeeded && site.snapshot().filter { !$0.key.hasPrefix(".lectern") } == incremental, "\(damage)")
        }
    }
}

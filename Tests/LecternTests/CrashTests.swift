import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// Killing a build at any moment (SIGKILL: no clean-up runs) and building again gives exactly
/// what a clean build gives, even when the inputs went back to what they were in between.
@Suite struct CrashTests {
    @Test func aKilledBuildIsRepairedByTheNextOne() throws {
        let binary = TestSite.repositoryRoot + "/.build/debug/lectern"
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build the lectern binary first")
        let site = try TestSite(withExample: true)
        // Enough songs that a build takes long enough to be killed in the middle.
        for i in 0..<300 {
            try site.write("Content/songs/generated/song-\(i).md",
                           "---\ntitle: Generated \(i)\nkey: G\n---\n## Verse 1\n[G]Line of song \(i) [C]here\n\n## Chorus\n[D]Sing \(i)\n")
        }
        func lectern(_ arguments: [String], killAfter: Double? = nil) throws -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments + ["--site", site.root, "--date", "2026-11-22", "--quiet"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            if let killAfter {
                Thread.sleep(forTimeInterval: killAfter)
                kill(process.processIdentifier, SIGKILL)
            }
            process.waitUntilExit()
            return process.terminationStatus
        }
        // A first build killed half-way leaves files but no record: they are still Lectern's own
        // (listed as in flux), so the next build replaces them instead of refusing.
        _ = try lectern(["build"], killAfter: 0.8)
        #expect(try lectern(["build"]) == 0)
        var generator = SystemRandomNumberGenerator()
        for round in 0..<4 {
            // A site title edit rewrites every page, so the kill is likely to land mid-write.
            let song = "Content/songs/generated/song-\(Int.random(in: 0..<300, using: &generator)).md"
            let original = try #require(site.read(song)), originalSite = try #require(site.read("Content/site.yaml"))
            try site.write(song, original.replacingOccurrences(of: "[C]here", with: "[C]there, round \(round)")
                .replacingOccurrences(of: "title: Generated", with: "title: Changed"))
            // Same length, so a stale page cannot be told from a fresh one by its size.
            try site.write("Content/site.yaml", originalSite.replacing(#/title: Grace Chape./#, with: "title: Grace Chape" + ["w", "x", "y", "z"][round]))
            _ = try lectern(["build"], killAfter: Double.random(in: 0.3...2.5, using: &generator))
            if round % 2 == 1 { // the inputs go back to what the last finished build saw
                try site.write(song, original)
                try site.write("Content/site.yaml", originalSite)
            }
            #expect(try lectern(["build"]) == 0)
            #expect(try lectern(["build", "--clean", "--output", site.root + "/Clean"]) == 0)
            let incremental = site.snapshot("Output").filter { !$0.key.hasPrefix(".lectern") }
            let clean = site.snapshot("Clean").filter { !$0.key.hasPrefix(".lectern") }
            let differing = Set(incremental.keys).union(clean.keys).filter { incremental[$0] != clean[$0] }.sorted()
            #expect(differing.isEmpty, "round \(round): \(differing.count) files differ from a clean build, e.g. \(differing.prefix(5))")
            try FileManager.default.removeItem(atPath: site.root + "/Clean")
        }
    }
}

import Foundation
import LecternLoad
import Testing

/// An input's stamp (`size:mtime:ctime:inode`) is what the no-op check and the racy-timestamp
/// rule read: it must say exactly what `stat` says.
@Suite struct InputStampsTests {
    @Test func aStampSpellsOutTheFilesSizeTimesAndInode() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stamps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("song.md").path
        try Data(repeating: 65, count: 12345).write(to: URL(fileURLWithPath: path))
        var info = stat()
        #expect(stat(path, &info) == 0)
        let expected = "\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec):"
            + "\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec):\(info.st_ino)"
        let stamp = try #require(InputStamps.stamp(path))
        #expect(stamp == expected)
        #expect(stamp.hasPrefix("12345:"))
        let changed = try #require(InputStamps.changeTime(stamp))
        #expect(abs(changed - (Double(info.st_ctim.tv_sec) + Double(info.st_ctim.tv_nsec) / 1e9)) < 1e-6)
        #expect(InputStamps.stamp(dir.appendingPathComponent("gone.md").path) == nil)
    }
}

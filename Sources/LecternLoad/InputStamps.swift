import Foundation
import LecternModel
#if canImport(Glibc)
import Glibc
#endif

/// File-system stamps of a build's inputs, to tell without reading anything that nothing
/// changed since the last build. A stamp is size, modification time, change time and inode:
/// the change time (ctime) moves on every write and cannot be set back, so an edit hidden by
/// `touch -r` is still seen. Git's racy rule applies: a file changed within two seconds of the
/// record being made is never trusted (its stamp might not show a second edit in the same tick).
public enum InputStamps {
    /// Every file under the site's `Content/` (`contentFiles`, as `FileSystem.filesBelow` lists
    /// them: the loader reads the same listing) and the theme folders, by path, with its stamp.
    public static func collect(siteRoot: String, contentFiles: [String], themeDirectories: [String], jobs: Int) -> [String: String] {
        var paths = contentFiles.map { siteRoot + "/Content/" + $0 }
        for base in themeDirectories {
            for rel in FileSystem.filesBelow(base) { paths.append(base + "/" + rel) }
        }
        // One stat per file, on all cores: most of a build in which nothing changed.
        let all = paths
        let found = Parallel.map(all.count, jobs: jobs) { stamp(all[$0]) ?? "missing" }
        return Dictionary(zip(all, found), uniquingKeysWith: { a, _ in a })
    }

    public static func stamp(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return "\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec):\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec):\(info.st_ino)"
    }

    /// The change time recorded in a stamp, in seconds since 1970.
    public static func changeTime(_ stamp: String) -> Double? {
        let parts = stamp.utf8.split(separator: UInt8(ascii: ":"))
        guard parts.count == 4 else { return nil }
        let time = parts[2].split(separator: UInt8(ascii: "."))
        guard time.count == 2, let seconds = Double(String(decoding: time[0], as: UTF8.self)),
              let nanoseconds = Double(String(decoding: time[1], as: UTF8.self)) else { return nil }
        return seconds + nanoseconds / 1e9
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// File-system stamps of a build's inputs, to tell without reading anything that nothing
/// changed since the last build. A stamp is size, modification time, change time and inode:
/// the change time (ctime) moves on every write and cannot be set back, so an edit hidden by
/// `touch -r` is still seen. Git's racy rule applies: a file changed within two seconds of the
/// record being made is never trusted (its stamp might not show a second edit in the same tick).
public enum InputStamps {
    /// Every file under the site's `Content/` and the theme folders, by path, with its stamp.
    public static func collect(siteRoot: String, themeDirectories: [String]) -> [String: String] {
        var stamps: [String: String] = [:]
        for base in [siteRoot + "/Content"] + themeDirectories {
            for rel in FileSystem.filesBelow(base) {
                let path = base + "/" + rel
                stamps[path] = stamp(path) ?? "missing"
            }
        }
        return stamps
    }

    public static func stamp(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return "\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec):\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec):\(info.st_ino)"
    }

    /// The change time (seconds) recorded in a stamp.
    public static func changeSeconds(_ stamp: String) -> Int? {
        let parts = stamp.split(separator: ":")
        guard parts.count == 4 else { return nil }
        return Int(parts[2].split(separator: ".").first ?? "")
    }

    /// True when `now` equals the recorded stamps and no input is racily new relative to the
    /// record's time (seconds since 1970).
    public static func unchanged(_ now: [String: String], recorded: [String: String], recordTime: Int) -> Bool {
        guard now == recorded else { return false }
        return !now.values.contains { (changeSeconds($0) ?? Int.max) >= recordTime - 2 }
    }
}

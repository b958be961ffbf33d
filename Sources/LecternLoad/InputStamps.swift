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

    /// The change time recorded in a stamp (`size:mtime:ctime:inode`, times as
    /// `seconds.nanoseconds`), in seconds since 1970. Read digit by digit: every input's stamp
    /// is read on every build.
    public static func changeTime(_ stamp: String) -> Double? {
        var field = 0, seconds = 0, nanoseconds = 0, digits = 0, inFraction = false
        for byte in stamp.utf8 {
            switch byte {
            case UInt8(ascii: ":"):
                if field == 2 { return digits > 0 && inFraction ? Double(seconds) + Double(nanoseconds) / 1e9 : nil }
                field += 1
            case UInt8(ascii: ".") where field == 2 && !inFraction && digits > 0:
                inFraction = true
                digits = 0
            case UInt8(ascii: "0")...UInt8(ascii: "9") where field == 2:
                let digit = Int(byte - UInt8(ascii: "0"))
                guard digits < 18 else { return nil }
                if inFraction { nanoseconds = nanoseconds * 10 + digit } else { seconds = seconds * 10 + digit }
                digits += 1
            default:
                if field == 2 { return nil }
            }
        }
        return nil
    }
}

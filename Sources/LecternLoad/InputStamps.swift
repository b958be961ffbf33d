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
        // Digits written into one small buffer: interpolating six numbers took as long as the
        // `stat` itself, for each of 10,000 inputs on every build.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { buffer in
            var end = 0
            func put(_ magnitude: UInt64, negative: Bool = false, then separator: UInt8?) {
                if negative { buffer[end] = UInt8(ascii: "-"); end += 1 }
                let start = end
                var rest = magnitude
                repeat {
                    buffer[end] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                    end += 1
                } while rest > 0
                buffer[start..<end].reverse()
                if let separator { buffer[end] = separator; end += 1 }
            }
            func put(_ value: Int, then separator: UInt8) { put(UInt64(value.magnitude), negative: value < 0, then: separator) }
            put(Int(info.st_size), then: UInt8(ascii: ":"))
            put(Int(info.st_mtim.tv_sec), then: UInt8(ascii: "."))
            put(Int(info.st_mtim.tv_nsec), then: UInt8(ascii: ":"))
            put(Int(info.st_ctim.tv_sec), then: UInt8(ascii: "."))
            put(Int(info.st_ctim.tv_nsec), then: UInt8(ascii: ":"))
            put(UInt64(info.st_ino), then: nil)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<end]), as: UTF8.self)
        }
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

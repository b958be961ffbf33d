import Foundation
import LecternModel

/// The little file-system access the load stage needs, in one place.
public enum FileSystem {
    /// `absolute` relative to the folder `root`, or nil when it is not inside it.
    public static func relative(_ absolute: String, to root: String) -> String? {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : nil
    }

    public static func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }

    public static func isFile(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && !isDir.boolValue
    }

    /// The running program's file. `argv[0]` is only "lectern" when run from PATH, so ask the
    /// kernel first.
    public static var executablePath: String {
        let proc = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        if proc != "/proc/self/exe", isFile(proc) { return proc }
        return URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().path
    }

    /// The size of a regular file, or nil.
    public static func fileSize(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// Every regular file below `dir`, as paths relative to it with `/` separators, sorted so that
    /// a build never depends on directory order. Hidden entries (`.git`, `.DS_Store`) are skipped.
    /// Read with `readdir`, whose entry types spare a `stat` per file (10,000 songs: 10,000 calls).
    public static func filesBelow(_ dir: String) -> [String] {
        guard isDirectory(dir) else { return [] }
        var result: [String] = []
        func walk(_ relative: String) {
            let full = relative.isEmpty ? dir : dir + "/" + relative
            for (name, type) in entries(of: full) where !name.hasPrefix(".") {
                let rel = relative.isEmpty ? name : relative + "/" + name
                let isDir = type == UInt8(DT_DIR) || ((type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN)) && isDirectory(dir + "/" + rel))
                if isDir { walk(rel) } else { result.append(rel) }
            }
        }
        walk("")
        return result.sorted()
    }

    private static func entries(of directory: String) -> [(name: String, type: UInt8)] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var found: [(name: String, type: UInt8)] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { found.append((name, entry.pointee.d_type)) }
        }
        return found
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a file by writing a temporary sibling and renaming it over the target, so a reader
/// (a web server, a browser) sees the old file or the new one, never half of one. No fsync per
/// file: thousands of them would dominate a build, and a crash is repaired by the next build,
/// which compares bytes.
///
/// The sibling is in the target's own folder, under a fixed name: a rename within one folder
/// locks only that folder (one shared scratch folder serialised 20,000 writes on its lock, and
/// ext4 allocated every inode in that folder's block group), and a build that was killed can
/// find and remove what it left (see `OutputWriter.write`).
public enum AtomicFile {
    /// Appends `bytes` in one `write` (a reader sees all of them or none of them at the end of a
    /// log it checks); false if that did not write them all.
    public static func append(_ bytes: [UInt8], to file: String) -> Bool {
        let fd = open(file, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard fd >= 0 else { return false }
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        return written == bytes.count
    }

    /// `.index.html.lectern-tmp` beside `index.html`.
    public static func temporaryPath(for path: String) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        return String(path[..<slash]) + "." + String(path[slash...]) + ".lectern-tmp"
    }

    /// A file that is not there yet: written as an unnamed file in its folder (`O_TMPFILE`) and
    /// linked in under its name once complete. A reader sees all of it or no file, as with a
    /// temporary name and a rename, but the folder gets one entry instead of an entry made and
    /// then renamed, and a build killed half-way leaves nothing behind (the kernel frees an
    /// unnamed file when it is closed). Where the file system cannot do this, or the name was
    /// taken meanwhile, it is written as `write` does. `foldersUnder`: as for `write`;
    /// `folderMissing`: its folder is known not to be there yet, so it is made first.
    public static func create(_ bytes: [UInt8], at path: String, foldersUnder root: String, folderMissing: Bool = false) throws {
        #if os(Linux)
        guard let slash = path.lastIndex(of: "/") else { return try write(bytes, to: path, foldersUnder: root) }
        let folder = String(path[..<slash])
        if folderMissing { try makeFolders(containing: path, under: root) }
        var fd = open(folder, unnamedFile | O_WRONLY | O_CLOEXEC, 0o644)
        if fd < 0, errno == ENOENT {
            try makeFolders(containing: path, under: root)
            fd = open(folder, unnamedFile | O_WRONLY | O_CLOEXEC, 0o644)
        }
        guard fd >= 0 else { return try write(bytes, to: path, foldersUnder: root) }
        defer { close(fd) }
        guard writeAll(bytes, to: fd), link(unnamed: fd, at: path) else {
            return try write(bytes, to: path, foldersUnder: root)
        }
        #else
        try write(bytes, to: path, foldersUnder: root)
        #endif
    }

    #if os(Linux)
    /// Gives the unnamed file `fd` the name `path`: by the descriptor itself (`AT_EMPTY_PATH`,
    /// allowed without privileges for a file the caller opened since Linux 6.10), or else by its
    /// `/proc/self/fd` link, which costs a walk through procfs for every file.
    private static func link(unnamed fd: Int32, at path: String) -> Bool {
        if linkat(fd, "", AT_FDCWD, path, emptyPath) == 0 { return true }
        guard errno == ENOENT || errno == EPERM else { return false }
        return linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0
    }

    /// `O_TMPFILE`, which Swift does not import (a macro of two flags): `__O_TMPFILE` is the same
    /// on x86-64 and arm64, `O_DIRECTORY` is not.
    private static let unnamedFile = O_DIRECTORY | 0o20000000
    /// `AT_EMPTY_PATH`, which Swift does not import either (glibc defines it for GNU sources only).
    private static let emptyPath: Int32 = 0x1000
    #endif

    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 { return false }
            written += n
        }
        return true
    }

    /// With `foldersUnder`, a missing folder on the way to `path` below that folder is made
    /// first: a new page's folder is made by whichever thread writes into it, when it does.
    public static func write(_ bytes: [UInt8], to path: String, foldersUnder root: String? = nil) throws {
        let temp = temporaryPath(for: path)
        var fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd < 0, errno == ENOENT, let root {
            try makeFolders(containing: path, under: root)
            fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        }
        guard fd >= 0 else { throw posixError(path) }
        guard writeAll(bytes, to: fd) else {
            let error = posixError(path)
            close(fd)
            unlink(temp)
            throw error
        }
        guard close(fd) == 0, rename(temp, path) == 0 else {
            let error = posixError(path)
            unlink(temp)
            throw error
        }
    }

    /// `mkdir -p` of `path`'s folder, for the part below `root` (which exists). Another thread
    /// making the same folder at the same time is no error.
    private static func makeFolders(containing path: String, under root: String) throws {
        guard let slash = path.lastIndex(of: "/"), path.hasPrefix(root + "/") else { return }
        let folder = String(path[..<slash])
        guard folder.count > root.count, mkdir(folder, 0o755) != 0 else { return }
        switch errno {
        case EEXIST: return
        case ENOENT:
            try makeFolders(containing: folder, under: root)
            if mkdir(folder, 0o755) != 0, errno != EEXIST { throw posixError(folder) }
        default: throw posixError(folder)
        }
    }

    private static func posixError(_ path: String) -> Error {
        CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path, NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(errno))])
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Replaces existing output files without allocating or freeing any: a few spare files in
/// `.lectern/` are written in place with the new bytes and then swapped with their targets in
/// one atomic step (`renameat2` with `RENAME_EXCHANGE`), after which the spare holds the old
/// bytes and is written over for the next file. Readers see the old file or the new one, never
/// a part, as with a temporary file and a rename.
///
/// Why: replacing a file by renaming a new one over it makes ext4 allocate the new file's
/// blocks at once (`auto_da_alloc`) and free the old ones (on a disk mounted with `discard`, a
/// discard each). Replacing 20,000 files of 12 KB that way took 7–17 s here; swapping with
/// recycled spares took 0.5 s (`docs/benchmarks.md`, sixth run). New files still go through a
/// temporary sibling and a rename (`AtomicFile`): there is nothing to swap with.
///
/// Where the file system cannot swap (no `renameat2`, or `EINVAL` from one that does not
/// support the flag), every file goes the `AtomicFile` way.
final class SpareFiles: @unchecked Sendable {
    private let directory: String
    private let lock = NSLock()
    private var free: [String] = []
    private var made = 0
    private var canSwap = SpareFiles.renameat2 != nil

    /// The mode a new file gets (0644 less the umask), given to each spare before it is swapped
    /// in: it may hold a file whose mode someone changed.
    private let mode: mode_t

    init(directory: String) {
        self.directory = directory
        let mask = umask(0)
        umask(mask)
        mode = 0o644 & ~mask
    }

    /// Puts `bytes` at `path`, which must exist.
    func replace(_ path: String, with bytes: [UInt8]) throws {
        guard let spare = take() else { return try AtomicFile.write(bytes, to: path) }
        defer { give(spare) }
        var fd = open(spare, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        var info = stat()
        guard fd >= 0, fstat(fd, &info) == 0 else {
            if fd >= 0 { close(fd) }
            return try AtomicFile.write(bytes, to: path)
        }
        // A swapped-out file that has another name too (a backup made with hard links, such as
        // `rsync --link-dest` or `cp -al`) must keep its bytes: let it go and start a new spare.
        if info.st_nlink > 1 {
            close(fd)
            unlink(spare)
            fd = open(spare, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
            info = stat()
            guard fd >= 0, fstat(fd, &info) == 0 else {
                if fd >= 0 { close(fd) }
                return try AtomicFile.write(bytes, to: path)
            }
        }
        // The mode set and the end cut only where the spare needs it (what fstat said): two
        // calls fewer for most of a template edit's 20,000 files.
        guard info.st_mode & 0o7777 == mode || fchmod(fd, mode) == 0 else {
            close(fd)
            return try AtomicFile.write(bytes, to: path)
        }
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(written)) }
            if n < 0 { close(fd); return try AtomicFile.write(bytes, to: path) }
            written += n
        }
        guard Int(info.st_size) <= bytes.count || ftruncate(fd, off_t(bytes.count)) == 0, close(fd) == 0 else {
            return try AtomicFile.write(bytes, to: path)
        }
        if SpareFiles.renameat2?(AT_FDCWD, spare, AT_FDCWD, path, SpareFiles.exchange) == 0 { return }
        if errno == EINVAL || errno == ENOSYS { lock.withLock { canSwap = false } }
        try AtomicFile.write(bytes, to: path)
    }

    /// Removes the spares (each holds some old page's bytes).
    func removeAll() {
        for k in 0..<made { unlink(name(k)) }
    }

    private func take() -> String? {
        lock.withLock {
            guard canSwap else { return nil }
            if let spare = free.popLast() { return spare }
            made += 1
            return name(made - 1)
        }
    }

    private func give(_ spare: String) { lock.withLock { free.append(spare) } }

    private func name(_ k: Int) -> String { directory + "/spare-\(k)" }

    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) -> Int32
    /// glibc's `renameat2`, which Swift's Glibc module does not declare (it needs `_GNU_SOURCE`).
    private static let renameat2: RenameAt2? = dlsym(nil, "renameat2").map { unsafeBitCast($0, to: RenameAt2.self) }
    private static let exchange: UInt32 = 1 << 1 // RENAME_EXCHANGE
}

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole files as bytes through `open`/`fstat`/`read`: every stage reads thousands of small
/// files, and this skips Foundation's URL and `Data` layers (and their error objects when a file
/// is absent, the common case when a build first writes a page).
public enum FileBytes {
    public struct ReadError: LocalizedError, Sendable {
        public let path: String
        public let code: Int32

        public var errorDescription: String? { "cannot read \(path): \(String(cString: strerror(code)))" }
    }

    /// The file's bytes, or nil if it does not exist or is not a regular file.
    public static func contentsIfPresent(_ path: String) -> [UInt8]? {
        try? contents(of: path)
    }

    public static func contents(of path: String) throws(ReadError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ReadError(path: path, code: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw ReadError(path: path, code: errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw ReadError(path: path, code: EISDIR) }
        // One byte more than the size, so the read that finds the end needs no new buffer. Not
        // zeroed first: an 18 MB parse cache spent a third of its read clearing memory that the
        // read then overwrote.
        var capacity = max(Int(info.st_size), 0) + 1
        var bytes: [UInt8] = []
        var failure: Int32?
        while failure == nil {
            var grew = false
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                initialized = bytes.count
                if !bytes.isEmpty { _ = buffer.initialize(from: bytes) }
                while initialized < buffer.count {
                    let n = read(fd, buffer.baseAddress! + initialized, buffer.count - initialized)
                    if n < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    if n == 0 { return }
                    initialized += n
                }
                grew = true // full: the file grew since fstat
            }
            guard grew else { break }
            capacity *= 2
        }
        if let failure { throw ReadError(path: path, code: failure) }
        return bytes
    }
}

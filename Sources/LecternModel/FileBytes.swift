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
        let expected = max(Int(info.st_size), 0) + 1
        var got = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, initialized in
            got = fill(UnsafeMutableRawBufferPointer(buffer), from: fd)
            initialized = max(got, 0)
        }
        if got == expected { // filled: the file grew since `fstat`; the rest comes in chunks
            var chunk = [UInt8](repeating: 0, count: 4096)
            repeat {
                got = chunk.withUnsafeMutableBytes { fill($0, from: fd) }
                if got > 0 { bytes.append(contentsOf: chunk[..<got]) }
            } while got == chunk.count
        }
        if got < 0 { throw ReadError(path: path, code: Int32(-got)) }
        return bytes
    }

    /// Reads from `fd` until `buffer` is full or the file ends: how many bytes it read, or
    /// minus `errno` on an error.
    private static func fill(_ buffer: UnsafeMutableRawBufferPointer, from fd: Int32) -> Int {
        var count = 0
        while count < buffer.count {
            let n = read(fd, buffer.baseAddress! + count, buffer.count - count)
            if n < 0 {
                if errno == EINTR { continue }
                return -Int(errno)
            }
            if n == 0 { break }
            count += n
        }
        return count
    }
}

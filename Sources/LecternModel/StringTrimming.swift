#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

extension String {
    /// Without leading and trailing white space (Foundation's `trimmingCharacters(in:)` goes
    /// through NSString; this stays in Swift's `Character` view).
    public func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }

    /// Every run of white space (line breaks included) as one space, none at the ends.
    public func collapsingWhitespace() -> String {
        split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

extension String {
    /// Whether the text's UTF-8 holds `byte` (an ASCII character): `memchr` over the bytes in
    /// place. `utf8.contains` goes byte by byte through the generic collection code, and song
    /// files are scanned this way several times each.
    public func containsByte(_ byte: UInt8) -> Bool {
        var text = self
        return text.withUTF8 { bytes in bytes.baseAddress.map { memchr($0, Int32(byte), bytes.count) != nil } ?? false }
    }
}

#if canImport(_FoundationICU)
import _FoundationICU

/// An ICU collator for one locale at secondary strength: case is ignored, accents are not.
/// Sort keys are made concurrently by the render threads, which ICU allows for a collator no
/// one changes after it is opened.
final class Collator: @unchecked Sendable {
    private let raw: OpaquePointer

    init?(locale: String) {
        var status = U_ZERO_ERROR
        guard let opened = swift_ucol_open(locale, &status), status.rawValue <= U_ZERO_ERROR.rawValue else { return nil }
        swift_ucol_setStrength(opened, UCOL_SECONDARY)
        raw = opened
    }

    deinit { swift_ucol_close(raw) }

    /// Bytes that compare (as unsigned bytes, shorter first on a common prefix) as the title does.
    func sortKey(_ text: String) -> [UInt8] {
        let units = Array(text.utf16)
        var key = [UInt8](repeating: 0, count: 16 + 4 * units.count)
        var length = Int(swift_ucol_getSortKey(raw, units, Int32(units.count), &key, Int32(key.count)))
        if length > key.count { // too small a guess: ICU reports the size it needs
            key = [UInt8](repeating: 0, count: length)
            length = Int(swift_ucol_getSortKey(raw, units, Int32(units.count), &key, Int32(key.count)))
        }
        // The key ends in a zero byte, which is not part of the order.
        return Array(key[0..<max(length - 1, 0)])
    }
}
#else
/// No ICU module to link against: titles are compared through Foundation.
final class Collator: Sendable {
    init?(locale: String) { return nil }
    func sortKey(_ text: String) -> [UInt8] { [] }
}
#endif

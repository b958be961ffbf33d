import Foundation
#if canImport(_FoundationICU)
import _FoundationICU
#endif

/// An ICU collator for one locale at secondary strength (case is ignored, accents are not),
/// opened on first use: opening loads ICU's collation data (35 ms for two locales), and most
/// builds — a lyrics edit's, a no-op's — never order a title. Sort keys are then made
/// concurrently by the render threads, which ICU allows for a collator no one changes.
final class Collator: @unchecked Sendable {
    private let locale: String
    private let lock = NSLock()
    private var opened: OpaquePointer?
    private var tried = false

    init(locale: String) { self.locale = locale }

    deinit {
        #if canImport(_FoundationICU)
        if let opened { swift_ucol_close(opened) }
        #endif
    }

    /// Bytes that compare (as unsigned bytes, shorter first on a common prefix) as the title
    /// does; nil where there is no ICU to ask (not Linux) or it has no collator for the locale.
    func sortKey(_ text: String) -> [UInt8]? {
        sortKeys([text]).map(\.bytes)
    }

    /// The sort keys of `texts`, one after another in `bytes`, each text's at its range.
    func sortKeys(_ texts: [String]) -> (bytes: [UInt8], ranges: [Range<Int>])? {
        #if canImport(_FoundationICU)
        guard let raw = open() else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(texts.count * 32)
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(texts.count)
        var units: [UInt16] = []
        var key = [UInt8](repeating: 0, count: 256)
        for text in texts {
            units.removeAll(keepingCapacity: true)
            units.append(contentsOf: text.utf16)
            var length = Int(swift_ucol_getSortKey(raw, units, Int32(units.count), &key, Int32(key.count)))
            if length > key.count { // too small: ICU reports the size it needs
                key = [UInt8](repeating: 0, count: length)
                length = Int(swift_ucol_getSortKey(raw, units, Int32(units.count), &key, Int32(key.count)))
            }
            // The key ends in a zero byte, which is not part of the order.
            let start = bytes.count
            bytes.append(contentsOf: key[0..<max(length - 1, 0)])
            ranges.append(start..<bytes.count)
        }
        return (bytes, ranges)
        #else
        return nil
        #endif
    }

    #if canImport(_FoundationICU)
    private func open() -> OpaquePointer? {
        lock.withLock {
            if !tried {
                tried = true
                var status = U_ZERO_ERROR
                if let collator = swift_ucol_open(locale, &status), status.rawValue <= U_ZERO_ERROR.rawValue {
                    swift_ucol_setStrength(collator, UCOL_SECONDARY)
                    opened = collator
                }
            }
            return opened
        }
    }
    #endif
}

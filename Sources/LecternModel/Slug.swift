import Foundation

/// Ids and anchors: lower-case `[a-z0-9-]`, stable across machines and runs.
public enum Slug {
    /// Transliterates to Latin (so a Hebrew file name gives a readable id), lower-cases, and joins
    /// words with `-`. When nothing is left, falls back to a short hash of the text, never empty.
    public static func make(_ text: String) -> String {
        // ICU transliteration is costly; plain ASCII names (most of them) do not need it.
        let latin = text.allSatisfy(\.isASCII) ? text
            : text.applyingTransform(StringTransform("Any-Latin; Latin-ASCII"), reverse: false) ?? text
        var slug = ""
        var pendingDash = false
        for scalar in latin.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(Character(scalar)) {
                if pendingDash, !slug.isEmpty { slug += "-" }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
            } else if scalar != "'" && scalar != "’" && scalar != "ʼ" && scalar != "ʻ" {
                // Apostrophes vanish ("It's" → "its"); every other gap becomes one dash.
                pendingDash = true
            }
        }
        return slug.isEmpty ? "x-" + shortHash(text) : slug
    }

    /// Whether `text` is already a valid id.
    public static func isValid(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// FNV-1a over the UTF-8 bytes: stable across processes, unlike `Hasher`.
    public static func shortHash(_ text: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in text.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// Makes `base` unique among `taken` by adding `-2`, `-3`, ...
    public static func unique(_ base: String, taken: Set<String>) -> String {
        guard taken.contains(base) else { return base }
        var n = 2
        while taken.contains("\(base)-\(n)") { n += 1 }
        return "\(base)-\(n)"
    }
}

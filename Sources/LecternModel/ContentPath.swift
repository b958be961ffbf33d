/// A path that content files write to name another file of the site (`media/cover.jpg`).
public enum ContentPath {
    /// Whether `reference` names a file under `Content/`: relative, no `..`, no hidden
    /// segment, no URL scheme. Anything else could reach outside the site when copied.
    public static func isInsideContent(_ reference: String) -> Bool {
        let parts = reference.split(separator: "/", omittingEmptySubsequences: false)
        return !reference.isEmpty && !reference.hasPrefix("/") && !reference.contains("://")
            && !parts.contains(where: { $0.isEmpty || $0.hasPrefix(".") })
    }

    /// What is wrong with a song's `audio:` or `cover:`, if anything: each must be a file under
    /// `Content/` (copied with the site) or an https URL (never fetched by the build).
    public static func mediaProblem(field: String, _ value: String) -> String? {
        if value.hasPrefix("https://") || isInsideContent(value) { return nil }
        return "\(field) '\(value)' must be a file under Content/ (like media/x.mp3) or an https URL"
    }
}

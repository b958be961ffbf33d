/// A file of the built site: where it goes and its bytes.
public struct OutputFile: Sendable {
    public var path: String
    public var contents: Contents

    public enum Contents: Sendable {
        /// A page, rendered when the write stage asks for its bytes (`SiteRenderer.files`).
        case rendered(@Sendable () -> [UInt8])
        /// A file copied as-is (theme assets, media), by absolute source path.
        case copy(from: String)
    }

    public init(path: String, contents: Contents) {
        self.path = path
        self.contents = contents
    }
}

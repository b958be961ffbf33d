/// A file of the built site: where it goes and its bytes.
public struct OutputFile: Hashable, Sendable {
    public var path: String
    public var contents: Contents

    public enum Contents: Hashable, Sendable {
        case bytes([UInt8])
        /// A file copied as-is (theme assets, media), by absolute source path.
        case copy(from: String)
    }

    public init(path: String, contents: Contents) {
        self.path = path
        self.contents = contents
    }
}

/// A place in a source file, for messages an editor can jump to.
/// `path` is relative to the site root; line and column count from 1.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int = 1, column: Int = 1) {
        self.path = path
        self.line = max(1, line)
        self.column = max(1, column)
    }

    public var description: String { "\(path):\(line):\(column)" }
}

/// One error or warning about the site's content, always tied to a location.
/// Errors are values: every stage returns them instead of throwing past the user.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable, Comparable {
        case warning, error
        public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }
    }

    public var severity: Severity
    public var location: SourceLocation
    public var message: String

    public init(_ severity: Severity, _ location: SourceLocation, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    public static func error(_ location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.error, location, message)
    }

    public static func warning(_ location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.warning, location, message)
    }

    /// `path:line:column: error: message` — the format compilers use, so editors can jump to it.
    public var description: String { "\(location): \(severity.rawValue): \(message)" }
}

/// Collects diagnostics as a stage runs. A value type: each stage owns its own and hands it on.
public struct Diagnostics: Sendable {
    public private(set) var all: [Diagnostic] = []

    public init() {}

    public mutating func add(_ diagnostic: Diagnostic) { all.append(diagnostic) }
    public mutating func error(_ location: SourceLocation, _ message: String) { add(.error(location, message)) }
    public mutating func warning(_ location: SourceLocation, _ message: String) { add(.warning(location, message)) }
    public mutating func append(contentsOf other: Diagnostics) { all.append(contentsOf: other.all) }
    public mutating func append(contentsOf other: [Diagnostic]) { all.append(contentsOf: other) }

    public var hasErrors: Bool { all.contains { $0.severity == .error } }
    public var errors: [Diagnostic] { all.filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { all.filter { $0.severity == .warning } }

    /// Sorted by file, line, column so output is stable from run to run.
    public var sorted: [Diagnostic] {
        all.sorted {
            ($0.location.path, $0.location.line, $0.location.column, $0.message)
                < ($1.location.path, $1.location.line, $1.location.column, $1.message)
        }
    }
}

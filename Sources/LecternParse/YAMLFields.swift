import LecternLoad
import LecternModel
import Yams

/// A YAML mapping read as the author wrote it: scalars keep their text (`capo: no` stays "no",
/// `ccli: 0123` stays "0123"), and every value knows its line and column in the file.
public struct YAMLFields {
    public let file: SourceFile
    /// File line of the YAML's first line.
    let firstLine: Int
    let pairs: [(key: String, keyNode: Node, value: Node)]
    public let location: SourceLocation

    /// Composes `yaml` (no conversion to Swift types, so no YAML 1.1 surprises), refusing anchors
    /// and aliases: front matter has no use for them and they let a tiny file expand without bound.
    public static func parse(_ yaml: String, file: SourceFile, firstLine: Int, diagnostics: inout Diagnostics) -> YAMLFields? {
        let whole = file.location(line: firstLine)
        let node: Node?
        do {
            // UTF-8 named, not `.default`: that reads the whole environment on every call
            // (a YAMS_DEFAULT_ENCODING override), a percent of a cold build. The basic resolver
            // tags every scalar as text: the fields are read as text anyway, and the default one
            // matches each scalar against the regular expressions of YAML's int, float, bool
            // and null (a tenth of parsing a song).
            node = try Yams.compose(yaml: yaml, .basic, .default, .utf8)
        } catch let error as YamlError {
            diagnostics.add(diagnostic(for: error, file: file, firstLine: firstLine))
            return nil
        } catch {
            diagnostics.error(whole, "invalid YAML: \(error)")
            return nil
        }
        guard let node else { return YAMLFields(file: file, firstLine: firstLine, pairs: [], location: whole) }
        let probe = YAMLFields(file: file, firstLine: firstLine, pairs: [], location: whole)
        if let anchor = AnchorScan.firstAnchor(in: yaml) {
            diagnostics.error(file.location(line: firstLine + anchor.line - 1, column: anchor.column),
                              "YAML anchors and aliases (& and *) are not allowed in front matter")
            return nil
        }
        guard case let .mapping(mapping) = node else {
            diagnostics.error(probe.location(of: node), "front matter must be a mapping of `key: value` lines")
            return nil
        }
        return YAMLFields(file: file, firstLine: firstLine, mapping: mapping, location: probe.location(of: node))
    }

    init(file: SourceFile, firstLine: Int, pairs: [(key: String, keyNode: Node, value: Node)], location: SourceLocation) {
        self.file = file
        self.firstLine = firstLine
        self.pairs = pairs
        self.location = location
    }

    init(file: SourceFile, firstLine: Int, mapping: Node.Mapping, location: SourceLocation) {
        self.init(file: file, firstLine: firstLine,
                  pairs: mapping.map { (key: $0.key.string ?? "", keyNode: $0.key, value: $0.value) },
                  location: location)
    }

    /// A nested mapping (a service item, a plural entry) read the same way.
    public func nested(_ node: Node) -> YAMLFields? {
        guard case let .mapping(m) = node else { return nil }
        return YAMLFields(file: file, firstLine: firstLine, mapping: m, location: location(of: node))
    }

    public var keys: [String] { pairs.map(\.key) }

    /// The mapping's entries in the order written.
    public var entries: [(key: String, keyNode: Node, value: Node)] { pairs }

    public func location(of node: Node) -> SourceLocation {
        guard let mark = node.mark else { return location }
        return file.location(line: firstLine + mark.line - 1, column: mark.column)
    }

    public func node(_ key: String) -> Node? { pairs.first { $0.key == key }?.value }

    public func location(ofKey key: String) -> SourceLocation {
        pairs.first { $0.key == key }.map { location(of: $0.keyNode) } ?? location
    }

    /// A scalar's text. A list or mapping where text belongs is an error.
    public func string(_ key: String, diagnostics: inout Diagnostics) -> String? {
        guard let node = node(key) else { return nil }
        if case .scalar(let s) = node {
            if s.style == .plain, s.string == "~" || s.string == "null" || s.string.isEmpty { return nil }
            return s.string
        }
        diagnostics.error(location(of: node), "'\(key)' must be a single value")
        return nil
    }

    /// A list of scalars; a single scalar counts as a list of one.
    public func strings(_ key: String, diagnostics: inout Diagnostics) -> [String] {
        guard let node = node(key) else { return [] }
        switch node {
        case .scalar(let s): return s.string.isEmpty ? [] : [s.string]
        case .sequence(let seq):
            var out: [String] = []
            for item in seq {
                if let s = item.scalar { out.append(s.string) } else {
                    diagnostics.error(location(of: item), "'\(key)' must be a list of plain values")
                }
            }
            return out
        default:
            diagnostics.error(location(of: node), "'\(key)' must be a list, like [a, b]")
            return []
        }
    }

    /// `true/false/yes/no/on/off`, any case.
    public func bool(_ key: String, diagnostics: inout Diagnostics) -> Bool? {
        guard let text = string(key, diagnostics: &diagnostics) else { return nil }
        if let b = YAMLFields.parseBool(text) { return b }
        diagnostics.error(location(of: node(key)!), "'\(key)' must be yes or no, not '\(text)'")
        return nil
    }

    public static func parseBool(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "on", "y": return true
        case "false", "no", "off", "n": return false
        default: return nil
        }
    }

    /// A whole number.
    public func int(_ key: String, diagnostics: inout Diagnostics) -> Int? {
        guard let text = string(key, diagnostics: &diagnostics) else { return nil }
        if let n = Int(text) { return n }
        diagnostics.error(location(of: node(key)!), "'\(key)' must be a whole number, not '\(text)'")
        return nil
    }

    private static func diagnostic(for error: YamlError, file: SourceFile, firstLine: Int) -> Diagnostic {
        func at(_ mark: Mark, _ problem: String) -> Diagnostic {
            .error(file.location(line: firstLine + mark.line - 1, column: mark.column), "invalid YAML: \(problem)")
        }
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _), let .composer(context, problem, mark, _):
            // libyaml says where the construct it was reading began: often the real mistake.
            let hint = context.map { " (\($0.text) that starts at line \(firstLine + $0.mark.line - 1))" } ?? ""
            return at(mark, problem + hint)
        case let .duplicatedKeysInMapping(duplicates, context):
            return at(context.mark, "duplicate key \(duplicates.map { "'\($0)'" }.joined(separator: ", "))")
        default:
            return .error(file.location(line: firstLine), "invalid YAML: \(error)")
        }
    }
}

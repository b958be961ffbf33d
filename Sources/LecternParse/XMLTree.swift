import Foundation
import LecternModel
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A parsed XML document as a small tree of values, read with Foundation's `XMLParser`
/// (libxml2): the OpenLyrics reader walks it like cmark's tree instead of keeping a state machine
/// in parser callbacks. External entities are never fetched.
struct XMLElement: Sendable {
    enum Child: Sendable {
        case element(XMLElement)
        case text(String)
    }

    var name: String
    var attributes: [String: String]
    var children: [Child] = []
    /// Where the start tag ends, as libxml2 reports it.
    var line: Int
    var column: Int

    /// Child elements named `name`.
    func elements(_ name: String) -> [XMLElement] {
        children.compactMap { if case .element(let e) = $0, e.name == name { return e } else { return nil } }
    }

    func element(_ name: String) -> XMLElement? { elements(name).first }

    /// All text below this element, in document order.
    var text: String {
        children.map {
            switch $0 {
            case .text(let t): return t
            case .element(let e): return e.text
            }
        }.joined()
    }

    /// The text, white space collapsed as XML means it (a line break in the source is not one
    /// in the words).
    var words: String { text.collapsingWhitespace() }

    /// A failure to read the document, at the place libxml2 stopped.
    struct Failure: Error {
        var line: Int
        var column: Int
        var message: String
    }

    /// The root element of `bytes`, or where and why reading stopped.
    static func parse(_ bytes: [UInt8]) -> Result<XMLElement, Failure> {
        let builder = Builder()
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            let message = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "not an XML document"
            return .failure(Failure(line: parser.lineNumber, column: parser.columnNumber, message: message))
        }
        return .success(root)
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var stack: [XMLElement] = []
        var root: XMLElement?

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            stack.append(XMLElement(name: name, attributes: attributes, line: parser.lineNumber, column: parser.columnNumber))
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard let done = stack.popLast() else { return }
            if stack.isEmpty { root = done } else { stack[stack.count - 1].children.append(.element(done)) }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !stack.isEmpty else { return }
            if case .text(let previous)? = stack[stack.count - 1].children.last {
                stack[stack.count - 1].children[stack[stack.count - 1].children.count - 1] = .text(previous + string)
            } else {
                stack[stack.count - 1].children.append(.text(string))
            }
        }

        func parser(_ parser: XMLParser, foundCDATA block: Data) {
            self.parser(parser, foundCharacters: String(decoding: block, as: UTF8.self))
        }
    }
}

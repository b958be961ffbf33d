import LecternLoad
import LecternModel

/// Every song, service and shoot list has an id: `id:` in front matter, else the file name slugified.
enum DocumentID {
    static func resolve(_ fields: YAMLFields?, file: SourceFile, diagnostics: inout Diagnostics) -> String {
        if let fields, let explicit = fields.string("id", diagnostics: &diagnostics) {
            if Slug.isValid(explicit) { return explicit }
            diagnostics.error(fields.location(of: fields.node("id")!),
                              "id '\(explicit)' must be lower-case letters, digits and '-' (try '\(Slug.make(explicit))')")
            return Slug.make(explicit)
        }
        return Slug.make(file.baseName)
    }
}

/// Reads the front matter of a document, reporting a missing or broken one.
enum FrontMatterReader {
    static func read(_ file: SourceFile, required: Bool, diagnostics: inout Diagnostics) -> (YAMLFields?, FrontMatterDocument)? {
        switch FrontMatterDocument.split(file) {
        case .failure(let d):
            diagnostics.add(d)
            return nil
        case .success(let doc):
            guard let yaml = doc.yaml else {
                if required {
                    diagnostics.error(file.location(), "missing front matter: the file must start with a line `---`, the YAML fields, and another `---`")
                    return nil
                }
                return (nil, doc)
            }
            guard let fields = YAMLFields.parse(yaml, file: file, firstLine: doc.yamlFirstLine, diagnostics: &diagnostics) else { return nil }
            return (fields, doc)
        }
    }

    /// Warns about keys a document kind does not know: most often a typo.
    static func warnUnknownKeys(_ fields: YAMLFields, known: Set<String>, diagnostics: inout Diagnostics) {
        for key in fields.keys where !known.contains(key) {
            diagnostics.warning(fields.location(ofKey: key), "unknown field '\(key)' is ignored")
        }
    }
}

/// A theme's templates by name (`song`, `partials/section`), rendered into bytes.
public struct TemplateLibrary: Sendable {
    public private(set) var templates: [String: Template] = [:]

    public init() {}

    public mutating func register(_ template: Template, named name: String) {
        templates[name] = template
    }

    /// `name` rendered with `value` as its data; nothing if there is no such template.
    public func render(_ name: String, _ value: TemplateValue) -> [UInt8] {
        guard let template = templates[name] else { return [] }
        let format = OutputFormat(templateName: name)
        var renderer = TemplateRenderer(library: self, root: value, format: format)
        renderer.render(template.nodes, blocks: [:])
        return format.finish(renderer.output)
    }
}

import Foundation

/// Data that several pages show the same way, rendered once for all of them (what Hugo's
/// `partialCached` does): a song's chord chart is the same on its page in every locale, and
/// rendering it once instead of once per locale is a large part of a cold build.
///
/// A template shows it with a section, `{{#song.lyrics}}…{{/song.lyrics}}`. Inside, only the
/// fragment's own fields are in scope — no name is looked for in the page around it — so the
/// output cannot depend on which page asked first; blocks inside take their defaults. The
/// output is kept per section (the template text that renders it) and per file format, and
/// written as is where the section stands. The data is made when first needed and let go once
/// rendered: a 10,000-song site would otherwise keep every song's chart data alive.
public final class SharedFragment: @unchecked Sendable {
    private let lock = NSLock()
    private let make: @Sendable () -> TemplateFields
    private var rendered: [RenderKey: [UInt8]] = [:]

    public init(_ make: @escaping @Sendable () -> TemplateFields) {
        self.make = make
    }

    /// The fragment's data, made anew (for JSON, and for tests that render it another way).
    public var fields: TemplateFields { make() }

    /// Which section rendered it: the address of the section's compiled content, which the
    /// theme keeps unchanged for the whole build, and the page's format.
    private struct RenderKey: Hashable {
        var content: UInt
        var format: OutputFormat
    }

    /// The output of `content` rendered with this fragment's data alone; rendered by the first
    /// page that asks, under the lock, so pages on other threads wait for it rather than
    /// render it again.
    func output(of content: [TemplateNode], format: OutputFormat, library: TemplateLibrary) -> [UInt8] {
        let key = RenderKey(content: content.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }, format: format)
        return lock.withLock {
            if let known = rendered[key] { return known }
            var renderer = TemplateRenderer(library: library, root: .object(make()), format: format)
            renderer.render(content, blocks: [:])
            rendered[key] = renderer.output
            return renderer.output
        }
    }
}

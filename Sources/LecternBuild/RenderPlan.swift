import LecternRender

/// What a build renders, and how the write stage records it: the pages, each one's fingerprint
/// (recorded with it) and why it is rendered (for `--explain`).
struct RenderPlan {
    /// Every page planned: all the site's, or only those of the facts that changed.
    var planned: [PlannedPage]
    /// The planned pages to render.
    var pages: [PlannedPage]
    var fingerprints: [String: String] = [:]
    var reasons: [String: String] = [:]
    /// The pages the site has, rendered or not.
    var pageCount: Int
    var record: WriteStage.Pages
}

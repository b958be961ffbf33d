import LecternModel

/// Gives a song's sections their ids as they are met, the same way in every source format:
/// an explicit id wins; a recognised name gives `v1`, `c`, `c2`, `b`...; a verse without a number
/// is numbered by its place among the verses; anything else is a slug of its label; a second use
/// of an id is made unique (and reported by the caller).
struct SectionIDs {
    var names: SectionNames
    private(set) var taken: Set<String> = []
    private var verseCount = 0

    init(names: SectionNames) { self.names = names }

    /// The id for a section labelled `label`. `kind` is what the source format says the section
    /// is (`{start_of_chorus}`, `<verse name="c">`), used when the label names no kind itself.
    /// Returns the id and, when it had to be changed, the id that was already taken.
    mutating func next(label: String, explicit: String? = nil, kind: SectionNames.Kind? = nil) -> (id: String, duplicate: String?) {
        var id: String
        if let explicit {
            id = explicit
        } else if let (recognised, number) = names.recognise(label) ?? kind.map({ ($0, nil) }) {
            if recognised == .verse { verseCount += 1 }
            id = recognised.id(number: number ?? (recognised == .verse ? verseCount : 1))
        } else {
            id = Slug.make(label)
        }
        var duplicate: String?
        if taken.contains(id) {
            duplicate = id
            id = Slug.unique(id, taken: taken)
        }
        taken.insert(id)
        return (id, duplicate)
    }
}

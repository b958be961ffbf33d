import LecternModel
import LecternResolve

/// Feeding services and shoot lists into a fingerprint, field by field (songs: `SongFingerprints`
/// in LecternModel, since the parse cache stores them). A field added to the model must be
/// added here too, or a change to it would not re-render the pages that show it
/// (`DependencyTests` and `IncrementalTests` catch most such slips).
extension StableHash {
    mutating func add(_ s: Service) {
        add(s.id); add(s.source.description); add(s.title)
        add(s.date.date.description); add(s.date.time.map { "\($0.hour):\($0.minute)" })
        add(s.active); add(s.leader); add(s.draft); add(s.privateNotes); add(s.notesHTML)
        for item in s.items {
            switch item {
            case .song(let ref): add("song"); add(ref.songID); add(ref.key); add(ref.order ?? ["\u{0}"]); add(ref.note)
            case .heading(let title, let text): add("heading"); add(title); add(text)
            case .slide(let html, let text): add("slide"); add(html); add(text)
            }
        }
    }

    mutating func add(_ r: ResolvedShootList) {
        let l = r.list
        add(l.id); add(l.path); add(l.school); add(l.schoolYear?.description); add(l.date?.description)
        add(l.photographers); add(l.isPublic); add(l.introHTML); add(r.isActive)
        for category in r.categories {
            add("category"); add(category.name)
            for i in category.items {
                add(i.name); add(i.id); add(i.done); add(i.required); add(i.descriptionHTML); add(i.doneDate?.description)
                add(i.by); add(i.session); add(i.images); add(i.notes)
            }
        }
    }
}

import LecternModel
import LecternTemplate

/// The song page's transpose buttons work from a table the build writes into the page: each
/// chord of the song spelled in all twelve keys, with the key's name and the capo line for
/// each. The browser only looks names up, so the page spells chords exactly as the service
/// charts and the tests of `Transposition` do, with no second copy of the spelling rules in
/// JavaScript.
extension LocaleContext {
    /// `{"keys": [12 names], "capo": [12 lines or ""], "chords": {"G": [12 spellings], …}}`,
    /// index = semitones up from the song's key; nil when the song has no chord to move.
    func transposeTable(_ song: Song, chords found: SongChords) -> String? {
        let chords = found.byName
        guard !chords.isEmpty, let from = MusicalKey.songKey(song.metadata.key, firstChord: found.first) else { return nil }
        let capo = song.metadata.key != nil ? song.metadata.capo : nil
        let names = chords.keys.sorted()
        return shared.transposeTable(key: [from.description, capo ?? "", locale].joined(separator: "|") + "|" + names.joined(separator: " ")) {
            let targets = (0..<12).map { from.transposed(by: $0) }
            var table: TemplateFields = [:]
            for name in names {
                table[name] = .list(shared.spellings(of: chords[name]!, from: from).map { .text($0) })
            }
            return TemplateValue.object([
                "keys": .list(targets.map { .text($0.description) }),
                "capo": .list(targets.map { .text(capoText(capo: capo, key: $0.description) ?? "") }),
                "chords": .object(table),
            ]).json
        }
    }
}

/// The pitched chords a song's lyrics use, by name, and the first of them (which gives the key
/// of a song that names none): what its transpose table lists.
struct SongChords: Sendable {
    var byName: [String: Chord] = [:]
    var first: Chord?

    /// From slides already decoded (`Song.chordKey` would decode them again).
    init(_ slides: [[Slide]]) {
        for section in slides {
            for slide in section {
                for line in slide.lines {
                    for segment in line.segments {
                        guard let chord = segment.chord, chord.isPitched else { continue }
                        if first == nil { first = chord }
                        byName[chord.description] = chord
                    }
                }
            }
        }
    }
}

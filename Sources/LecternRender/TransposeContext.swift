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
    func transposeTable(_ song: Song, slides: [[Slide]]) -> String? {
        guard let from = song.chordKey else { return nil }
        var chords: [String: Chord] = [:]
        for section in slides {
            for slide in section {
                for line in slide.lines {
                    for segment in line.segments {
                        if let chord = segment.chord, chord.isPitched { chords[chord.description] = chord }
                    }
                }
            }
        }
        guard !chords.isEmpty else { return nil }
        let targets = (0..<12).map { from.transposed(by: $0) }
        var table: [String: TemplateValue] = [:]
        for (name, chord) in chords {
            table[name] = .list(targets.map { .text(chord.transposed(from: from, to: $0).description) })
        }
        let keyed = song.metadata.key != nil
        return TemplateValue.object([
            "keys": .list(targets.map { .text($0.description) }),
            "capo": .list(targets.map { .text((keyed ? capoText(capo: song.metadata.capo, key: $0.description) : nil) ?? "") }),
            "chords": .object(table),
        ]).json
    }
}

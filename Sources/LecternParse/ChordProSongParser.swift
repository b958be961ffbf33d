import LecternLoad
import LecternModel

/// Parses a ChordPro song (`.cho`, `.chordpro`, `.chopro`, `.crd`, `.pro`) into the same model as a
/// Markdown song: directives for metadata, `{start_of_…}`/`{end_of_…}` for sections, blank lines
/// between slides, `[chords]` in the lines.
///
/// Real files are messier than the format: sections marked only by `{comment: Chorus}`,
/// verses with no section at all, `{chorus}` to sing the last chorus again, music notation
/// blocks. What is understood is kept; the rest is a located warning, never a failed build.
public struct ChordProSongParser: Sendable {
    public var sectionNames: SectionNames

    public init(sectionNames: SectionNames) { self.sectionNames = sectionNames }

    public func parse(_ file: SourceFile, diagnostics: inout Diagnostics) -> Song? {
        var state = State(file: file, sectionIDs: SectionIDs(names: sectionNames))
        let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, raw) in lines.enumerated() {
            let number = index + 1
            if state.finished { break }
            // A `#` in the first column is a comment line, as in the ChordPro tools.
            if raw.hasPrefix("#") { continue }
            let line = String(raw).trimmingWhitespace()
            let column = raw.prefix { $0.isWhitespace }.count + 1
            if let directive = ChordProDirective(line, column: column) {
                state.apply(directive, line: number, nextLine: lines.dropFirst(index + 1).first.map(String.init),
                            diagnostics: &diagnostics)
            } else if state.skipping != nil {
                continue
            } else if line.isEmpty {
                state.endSlide()
            } else {
                state.lyric(line, number: number, diagnostics: &diagnostics)
            }
        }
        if let open = state.skipping {
            diagnostics.warning(file.location(line: open.line), "{start_of_\(open.kind)} is never ended; the rest of the file was left out")
        }
        state.endSlide()
        for bracket in state.lineBuilder.unknownBrackets where !state.definedChords.contains(bracket.text) {
            diagnostics.warning(file.location(line: bracket.line),
                                "'[\(bracket.text)]' is not a chord name; it is shown as written and not transposed")
        }

        var meta = state.meta
        if meta.title.isEmpty {
            diagnostics.warning(file.location(), "no {title: …} directive; the file name is used as the title")
            meta.title = file.baseName
        }
        meta.authors = meta.authors.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        // `{chorus}` and recalled sections make an order; without them, document order.
        if state.sequence != state.sections.map(\.id) { meta.order = state.sequence }
        // A `{transpose}` before the first lyrics moves the whole song: its key moves with it
        // (ChordPro's `key_actual`), so a service or a capo counts from the key the chords are in.
        if let shift = state.shiftAtFirstLyrics, shift != 0, let key = meta.key.flatMap(MusicalKey.parse) {
            meta.key = key.transposed(by: shift).description
        }
        return Song(id: Slug.make(file.baseName), source: file.location(), metadata: meta, notesHTML: "",
                    sections: state.sections)
    }

    /// What the line-by-line reading has built so far.
    private struct State {
        let file: SourceFile
        var sectionIDs: SectionIDs
        var meta = SongMetadata(title: "")
        var sections: [SongSection] = []
        /// Section ids as they are sung: each section where it stands, recalls where they stand.
        var sequence: [String] = []
        /// The section lyrics go into: one a `{start_of_…}` opened (until its `{end_of_…}`), or one
        /// a paragraph opened, unmarked or under a label comment (until the paragraph ends).
        var open: (index: Int, byDirective: Bool)?
        var slideLines: [LyricLine] = []
        /// A block with nothing to project (tab, grid, abc, lilypond, svg), until its end.
        var skipping: (kind: String, line: Int)?
        var lineBuilder: LyricLineBuilder = {
            var builder = LyricLineBuilder()
            builder.bracketsAreChords = true
            return builder
        }()
        /// `{transpose: n}` in force, as a stack: `{transpose}` alone returns to the one before.
        var transpose: [Int] = [0]
        var finished = false
        var lastChorus: String?
        /// The first chord of the song: its key when it names none.
        var firstChord: Chord?
        /// The transposition in force when the lyrics begin.
        var shiftAtFirstLyrics: Int?
        /// Chord names the file defines a diagram for (`{define: Gsus …}`): its own chords.
        var definedChords: Set<String> = []

        init(file: SourceFile, sectionIDs: SectionIDs) {
            self.file = file
            self.sectionIDs = sectionIDs
        }

        mutating func apply(_ d: ChordProDirective, line: Int, nextLine: String?, diagnostics: inout Diagnostics) {
            let location = file.location(line: line, column: d.column)
            if let kind = skipping?.kind {
                if d.name == "end_of_" + kind { skipping = nil }
                return
            }
            switch d.name {
            case "title": meta.title = d.value
            case "subtitle": if !d.value.isEmpty { meta.alternateTitles.append(d.value) }
            case "artist": meta.artist = d.value
            case "composer", "lyricist": if !d.value.isEmpty { meta.authors.append(d.value) }
            case "album": meta.album = d.value
            case "key": meta.key = meta.key ?? d.value
            case "capo": meta.capo = d.value
            case "tempo": meta.tempo = d.value
            case "time": meta.time = d.value
            case "ccli": meta.ccli = d.value
            case "copyright": meta.copyright = d.value
            case "language": meta.language = d.value
            case "tag": if !d.value.isEmpty { meta.tags.append(d.value) }
            case "define", "defined", "chord":
                // `{define: Gsus base-fret 1 …}` or the older `{defined Gsus: …}`.
                let name = d.value.prefix { !$0.isWhitespace && $0 != ":" }
                if !name.isEmpty { definedChords.insert(String(name)) }
            case "meta":
                // `{meta: artist Bob}`: the same as `{artist: Bob}`.
                if let inner = ChordProDirective("{" + d.value + "}", column: d.column), inner.name != "meta" {
                    apply(inner, line: line, nextLine: nil, diagnostics: &diagnostics)
                }
            case "start_of_tab", "start_of_grid", "start_of_abc", "start_of_ly", "start_of_svg":
                endSlide()
                skipping = (String(d.name.dropFirst("start_of_".count)), line)
            case "chorus":
                endSlide()
                open = nil
                if let lastChorus { sequence.append(lastChorus) } else {
                    diagnostics.warning(location, "{chorus} comes before any chorus; there is nothing to repeat")
                }
            case "comment", "comment_italic", "comment_box":
                let next = nextLine?.trimmingWhitespace() ?? ""
                let nextDirective = ChordProDirective(next, column: 1)
                // `{c: Chorus}` right above `{start_of_chorus}` only names it.
                if nextDirective?.name.hasPrefix("start_of_") == true { break }
                commentLabel(d.value, location: location, standsAlone: next.isEmpty || nextDirective != nil, diagnostics: &diagnostics)
            case "transpose":
                // `+2`, `-3`; ChordPro 6 may add `s`, `f` or `k` for the spelling it wants
                // (Lectern spells by the key; see Transposition.swift).
                let amount = d.value.last.map { "sfk".contains($0) } == true ? String(d.value.dropLast()) : d.value
                if let n = Int(amount) { transpose.append(transpose.last! + n) }
                else if d.value.isEmpty { if transpose.count > 1 { transpose.removeLast() } }
                else { diagnostics.warning(location, "{transpose: \(d.value)} needs a number of semitones such as +2 or -3") }
            case "new_song" where !sections.isEmpty:
                diagnostics.warning(location, "a second song in the same file ({new_song}) is left out; give it a file of its own")
                finished = true
            default:
                if d.name.hasPrefix("start_of_") {
                    // verse, chorus, bridge, and ChordPro 6's any other name (`{start_of_intro}`);
                    // a text block is lyrics without chords: a verse.
                    let name = String(d.name.dropFirst("start_of_".count))
                    let kind = name == "textblock" ? .verse : sectionIDs.names.recognise(name)?.0
                    startSection(d, kind: kind, fallbackLabel: kind == nil ? name.capitalized : nil,
                                 location: location, diagnostics: &diagnostics)
                } else if d.name.hasPrefix("end_of_") {
                    endSlide()
                    open = nil
                } else if ChordProDirective.layoutOnly.contains(d.name) || d.name.hasPrefix("x_") || d.name.hasPrefix("+") {
                    break
                } else {
                    diagnostics.warning(location, "unknown directive {\(d.name)}; it is left out")
                }
            }
        }

        private mutating func startSection(_ d: ChordProDirective, kind: SectionNames.Kind?, fallbackLabel: String? = nil,
                                           location: SourceLocation, diagnostics: inout Diagnostics) {
            endSlide()
            let written = d.label
            open(label: written, shownAs: !written.isEmpty ? written : fallbackLabel ?? "", kind: kind, byDirective: true,
                 location: location, diagnostics: &diagnostics)
        }

        /// A new section, its id given the way every format gives one.
        private mutating func open(label: String, shownAs shown: String, kind: SectionKind?, byDirective: Bool,
                                   location: SourceLocation, diagnostics: inout Diagnostics) {
            let (id, duplicate) = sectionIDs.next(label: label, kind: kind)
            if let duplicate {
                diagnostics.warning(location, "section id '\(duplicate)' is used twice; this one is '\(id)'")
            }
            sections.append(SongSection(id: id, label: shown, slides: [], location: location))
            sequence.append(id)
            if SectionKind.of(id: id)?.0 == .chorus { lastChorus = id }
            open = (sections.count - 1, byDirective)
        }

        /// `{comment: Chorus}`: many files mark their sections with a comment instead of
        /// `{start_of_chorus}`. Followed by lyrics, a recognised name starts that section, for the
        /// paragraph that follows; standing alone it repeats the section of that name sung before.
        /// Any other comment is a note for the musicians, not lyrics.
        private mutating func commentLabel(_ text: String, location: SourceLocation, standsAlone: Bool,
                                           diagnostics: inout Diagnostics) {
            guard let (kind, number) = sectionIDs.names.recognise(text) else { return }
            if standsAlone {
                // "Verse" alone names no verse in particular.
                guard kind != .verse || number != nil,
                      let known = Song.sectionID(named: kind.id(number: number ?? 1), among: Set(sections.map(\.id))) else { return }
                endSlide()
                if open?.byDirective == false { open = nil }
                sequence.append(known)
                return
            }
            guard open?.byDirective != true else { return }
            endSlide()
            open(label: text, shownAs: text, kind: nil, byDirective: false, location: location, diagnostics: &diagnostics)
        }

        mutating func lyric(_ text: String, number: Int, diagnostics: inout Diagnostics) {
            if open == nil {
                // Lyrics outside any section: each paragraph is a verse of its own.
                open(label: "", shownAs: "", kind: .verse, byDirective: false, location: file.location(line: number),
                     diagnostics: &diagnostics)
            }
            var line = lineBuilder.segments(of: ChordProMarkup.runs(text), line: number)
            if firstChord == nil { firstChord = line.segments.lazy.compactMap(\.chord).first { $0.isPitched } }
            let shift = transpose.last!
            if shiftAtFirstLyrics == nil { shiftAtFirstLyrics = shift }
            if shift != 0, let key = MusicalKey.songKey(meta.key, firstChord: firstChord) {
                line = line.transposed(from: key, to: key.transposed(by: shift))
            }
            slideLines.append(line)
        }

        /// A blank line: the slide ends, and so does a section a paragraph opened.
        mutating func endSlide() {
            if !slideLines.isEmpty, let open {
                sections[open.index].slides.append(Slide(lines: slideLines))
            }
            slideLines = []
            if open?.byDirective == false { open = nil }
        }
    }
}

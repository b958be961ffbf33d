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
                state.lyric(line, number: number)
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
        /// The open `{start_of_…}` section, or a section begun by a label comment.
        var open: (index: Int, explicit: Bool)?
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
            case "start_of_verse", "start_of_chorus", "start_of_bridge", "start_of_textblock":
                startSection(d, kind: d.name == "start_of_chorus" ? .chorus : d.name == "start_of_bridge" ? .bridge : .verse,
                             location: location, diagnostics: &diagnostics)
            case "end_of_verse", "end_of_chorus", "end_of_bridge", "end_of_textblock":
                endSlide()
                open = nil
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
                commentLabel(d.value, location: location, standsAlone: nextLine.map { $0.trimmingWhitespace().isEmpty || $0.trimmingWhitespace().hasPrefix("{") } ?? true)
            case "transpose":
                if let n = Int(d.value.replacingPlus()) { transpose.append(transpose.last! + n) }
                else if d.value.isEmpty { if transpose.count > 1 { transpose.removeLast() } }
                else { diagnostics.warning(location, "{transpose: \(d.value)} needs a number of semitones such as +2 or -3") }
            case "new_song" where !sections.isEmpty:
                diagnostics.warning(location, "a second song in the same file ({new_song}) is left out; give it a file of its own")
                finished = true
            default:
                if d.name.hasPrefix("start_of_") {
                    // ChordPro 6 allows any section name: `{start_of_intro}`.
                    let name = String(d.name.dropFirst("start_of_".count))
                    startSection(d, kind: sectionIDs.names.recognise(name)?.0, fallbackLabel: name.capitalized,
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
            let (id, duplicate) = sectionIDs.next(label: written, kind: kind)
            if let duplicate {
                diagnostics.warning(location, "section id '\(duplicate)' is used twice; this one is '\(id)'")
            }
            let label = !written.isEmpty ? written : fallbackLabel ?? ""
            append(SongSection(id: id, label: label, slides: [], location: location))
            open = (sections.count - 1, true)
        }

        /// `{comment: Chorus}`: many files mark their sections with a comment instead of
        /// `{start_of_chorus}`. Followed by lyrics, a recognised name starts that section; standing
        /// alone it repeats the section of that name sung before. Any other comment is a note for
        /// the musicians, not lyrics.
        private mutating func commentLabel(_ text: String, location: SourceLocation, standsAlone: Bool) {
            guard let (kind, number) = sectionIDs.names.recognise(text) else { return }
            if standsAlone {
                let id = kind == .verse ? number.map { "v\($0)" }
                    : kind.rawValue + (number.map { $0 > 1 ? String($0) : "" } ?? "")
                if let id, let known = Song.sectionID(named: id, among: Set(sections.map(\.id))) {
                    endSlide()
                    if open?.explicit == false { open = nil }
                    sequence.append(known)
                }
                return
            }
            guard open?.explicit != true else { return }
            endSlide()
            let (id, _) = sectionIDs.next(label: text)
            append(SongSection(id: id, label: text, slides: [], location: location))
            open = (sections.count - 1, false)
        }

        private mutating func append(_ section: SongSection) {
            sections.append(section)
            sequence.append(section.id)
            if section.id.hasPrefix("c") && (section.id.count == 1 || section.id.dropFirst().allSatisfy(\.isNumber)) {
                lastChorus = section.id
            }
        }

        mutating func lyric(_ text: String, number: Int) {
            if open == nil {
                // Lyrics outside any section: each paragraph is a verse of its own.
                let (id, _) = sectionIDs.next(label: "", kind: .verse)
                append(SongSection(id: id, label: "", slides: [], location: file.location(line: number)))
                open = (sections.count - 1, false)
                implicitVerse = true
            }
            var line = lineBuilder.segments(of: ChordProMarkup.runs(text), line: number)
            if firstChord == nil { firstChord = line.segments.lazy.compactMap(\.chord).first { $0.isPitched } }
            let shift = transpose.last!
            if shift != 0, let key = MusicalKey.songKey(meta.key, firstChord: firstChord) {
                for i in line.segments.indices {
                    line.segments[i].chord = line.segments[i].chord.map { $0.transposed(from: key, to: key.transposed(by: shift)) }
                }
            }
            slideLines.append(line)
        }

        /// Set while an unmarked paragraph is being read: it ends with the paragraph.
        private var implicitVerse = false

        mutating func endSlide() {
            if !slideLines.isEmpty, let open {
                sections[open.index].slides.append(Slide(lines: slideLines))
            }
            slideLines = []
            if implicitVerse {
                open = nil
                implicitVerse = false
            }
        }
    }
}

extension String {
    fileprivate func replacingPlus() -> String { hasPrefix("+") ? String(dropFirst()) : self }
}

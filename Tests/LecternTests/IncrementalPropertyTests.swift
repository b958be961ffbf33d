import Foundation
import LecternBuild
import LecternLoad
import LecternModel
import Testing

/// The incremental build's one promise, checked on random edit sequences: after every edit, the
/// output of an incremental build is byte for byte that of a clean build in another folder, and
/// an edit that breaks the site leaves the incremental output as it was.
///
/// `LECTERN_PROPERTY_SEED` replays a failing sequence (the seed is in the failure message);
/// `LECTERN_PROPERTY_STEPS` makes the sequences longer.
@Suite struct IncrementalPropertyTests {
    static let steps = ProcessInfo.processInfo.environment["LECTERN_PROPERTY_STEPS"].flatMap(Int.init) ?? 60

    static func seed(_ fallback: UInt64) -> UInt64 {
        ProcessInfo.processInfo.environment["LECTERN_PROPERTY_SEED"].flatMap(UInt64.init) ?? fallback
    }

    /// The example site, with file stamps trusted as soon as the last build is over (the
    /// stamp path of the parse cache and the no-op fast path are exercised).
    @Test func theExampleSiteUnderRandomEdits() throws {
        let site = try TestSite(withExample: true)
        let paths = try run(site, seed: Self.seed(20261122), steps: Self.steps, environment: ["LECTERN_RACY_WINDOW": "0"])
        #expect(paths.lyricsOnly > 0, "no lyrics edit took the lyrics-only path")
        #expect(paths.changedPagesOnly > 0, "no edit took the changed-pages path")
    }

    /// A generated site, with the default racy window (every recent edit is re-read and hashed).
    @Test func aGeneratedSiteUnderRandomEdits() throws {
        let site = try TestSite(files: GeneratedSite.files(songs: 40, services: 8))
        try run(site, seed: Self.seed(7), steps: Self.steps * 3 / 4, environment: [:])
    }

    /// Returns how many builds took the lyrics-only path, and how many planned only the pages of
    /// the facts that changed.
    @discardableResult
    func run(_ site: TestSite, seed: UInt64, steps: Int, environment: [String: String]) throws -> (lyricsOnly: Int, changedPagesOnly: Int) {
        var lyricsOnly = 0, changedPagesOnly = 0
        var editor = SiteEditor(site: site, rng: SplitMix64(seed: seed))
        var date = "2026-11-22"
        var history: [String] = []
        for step in 0...steps {
            var undo: (() throws -> Void)?
            if step > 0 {
                if editor.rng.next(5) == 0 { date = SiteEditor.dates[editor.rng.next(SiteEditor.dates.count)] }
                let (what, revert) = try editor.randomEdit()
                history.append(what)
                undo = revert
            }
            let before = site.snapshot()
            let incremental = build(site, output: "Output", date: date, environment: environment)
            try? FileManager.default.removeItem(atPath: site.root + "/Clean")
            let clean = build(site, output: "Clean", date: date, environment: environment)
            let context = "seed \(seed), step \(step), date \(date): \(history.suffix(3).joined(separator: " · "))"
            #expect(incremental.succeeded == clean.succeeded, "\(context)\n\(incremental.diagnostics.all)\n\(clean.diagnostics.all)")
            if incremental.succeeded {
                if incremental.lyricsOnly { lyricsOnly += 1 }
                if incremental.changedPagesOnly { changedPagesOnly += 1 }
                // Every build shows every warning, whichever path it took.
                #expect(incremental.diagnostics.sorted == clean.diagnostics.sorted, "\(context)")
                guard compare(site.snapshot("Output"), site.snapshot("Clean"), context: context) else { return (lyricsOnly, changedPagesOnly) }
            } else {
                // A broken site: nothing written, and the edit is taken back.
                #expect(site.snapshot() == before, "a failed build changed the output; \(context)")
                try undo?()
                history.append("(undone)")
            }
        }
        return (lyricsOnly, changedPagesOnly)
    }

    func build(_ site: TestSite, output: String, date: String, environment: [String: String]) -> BuildResult {
        var options = BuildOptions(siteRoot: site.root, outputDirectory: site.root + "/" + output,
                                   date: CalendarDate(iso: date), environment: environment, jobs: 2)
        options.clean = output != "Output"
        return Pipeline.run(options)
    }

    /// The same files with the same bytes, the build record aside; the first difference named.
    func compare(_ incremental: [String: Data], _ clean: [String: Data], context: String) -> Bool {
        let a = incremental.filter { !$0.key.hasPrefix(".lectern") }, b = clean.filter { !$0.key.hasPrefix(".lectern") }
        if let missing = Set(b.keys).subtracting(a.keys).sorted().first {
            Issue.record("\(missing) is missing from the incremental output; \(context)")
            return false
        }
        if let extra = Set(a.keys).subtracting(b.keys).sorted().first {
            Issue.record("\(extra) is in the incremental output but not the clean one; \(context)")
            return false
        }
        if let differing = a.keys.sorted().first(where: { a[$0] != b[$0] }) {
            Issue.record("\(differing) differs from the clean build; \(context)")
            return false
        }
        return true
    }
}

/// A small deterministic random generator, so a failing sequence can be replayed from its seed.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }
}

/// The edits a user makes, applied to a site folder at random. Each returns what it did and
/// how to take it back (used when it broke the site: a song renamed away from a service).
struct SiteEditor {
    let site: TestSite
    var rng: SplitMix64
    var counter = 0

    static let dates = ["2026-11-08", "2026-11-15", "2026-11-22", "2026-11-29", "2026-12-24", "2027-01-10"]
    static let templates = ["layout", "song", "songs", "service", "services", "home", "albums", "shootlist", "today",
                            "partials/section", "partials/service-order", "partials/service-summary", "partials/shootlist-progress"]

    init(site: TestSite, rng: SplitMix64) {
        self.site = site
        self.rng = rng
    }

    func files(_ folder: String) -> [String] {
        FileSystem.filesBelow(site.root + "/" + folder).map { folder + "/" + $0 }.filter { $0.hasSuffix(".md") }
    }

    mutating func pick<T>(_ items: [T]) -> T? { items.isEmpty ? nil : items[rng.next(items.count)] }

    /// Writes `text` to `path` (nil: deletes it) and returns how to restore what was there.
    func replace(_ path: String, with text: String?) throws -> () throws -> Void {
        let old = site.read(path)
        if let text { try site.write(path, text) } else if site.exists(path) { try site.remove(path) }
        let site = self.site
        return {
            if let old { try site.write(path, old) } else if site.exists(path) { try site.remove(path) }
        }
    }

    mutating func randomEdit() throws -> (String, () throws -> Void) {
        counter += 1
        let n = counter
        let songs = files("Content/songs"), services = files("Content/services"), lists = files("Content/shootlists")
        switch rng.next(18) {
        case 0, 1, 2:
            guard let song = pick(songs), let text = site.read(song) else { break }
            let addition = rng.next(2) == 0 ? "\n[G]added line \(n)\n" : "\n\nA new verse line \(n)\n"
            return ("lyrics of \(song)", try replace(song, with: text + addition))
        case 3, 4, 5:
            guard let song = pick(songs), let text = site.read(song) else { break }
            return ("title of \(song)", try replace(song, with: text.replacingFirstLine(startingWith: "title:", with: "title: \"Retitled \(n)\"")))
        case 6:
            // A new id, and the services that named the old one follow (when it can be told).
            guard let song = pick(songs), let text = site.read(song) else { break }
            let changed = text.contains("\nid:") ? text.replacingFirstLine(startingWith: "id:", with: "id: song-id-\(n)")
                : text.replacingFirstOccurrence(of: "---\n", with: "---\nid: song-id-\(n)\n")
            let undoServices = try renameReferences(from: songID(song, text), to: "song-id-\(n)")
            let undoSong = try replace(song, with: changed)
            return ("id of \(song)", { try undoSong(); try undoServices() })
        case 7:
            guard let song = pick(songs), let text = site.read(song) else { break }
            let target = "Content/songs/renamed-\(n).md"
            let undoServices = text.contains("\nid:") ? {} : try renameReferences(from: songID(song, text), to: "renamed-\(n)")
            let undoNew = try replace(target, with: text)
            let undoOld = try replace(song, with: nil)
            return ("rename \(song)", { try undoNew(); try undoOld(); try undoServices() })
        case 16:
            guard let song = pick(songs), let text = site.read(song) else { break }
            let album = "album: \(rng.next(2) == 0 ? "Hymns of the Church" : "Album \(n % 3)")"
            let changed = text.contains("\nalbum:") ? text.replacingFirstLine(startingWith: "album:", with: album)
                : text.replacingFirstOccurrence(of: "---\n", with: "---\n\(album)\n")
            return ("album of \(song)", try replace(song, with: changed))
        case 8:
            guard let song = pick(songs) else { break }
            return ("delete \(song)", try replace(song, with: nil))
        case 9:
            let path = "Content/songs/added-\(n).md"
            let text = "---\ntitle: Added Song \(n)\nkey: G\nalbum: \(n % 2 == 0 ? "Hymns of the Church" : "New Album")\n---\n\n## Verse 1\n[G]New song \(n) [D]line one\nline two\n\n## Chorus\n[C]Chorus \(n)\n"
            return ("add \(path)", try replace(path, with: text))
        case 10:
            guard let service = pick(services), let text = site.read(service), text.contains("items:\n") else { break }
            let ids = songIDsNamedInServices()
            if rng.next(2) == 0, let id = pick(ids) {
                return ("add \(id) to \(service)", try replace(service, with: text.replacingFirstOccurrence(of: "items:\n", with: "items:\n  - \(id)\n")))
            }
            return ("drop an item of \(service)", try replace(service, with: text.removingLine(after: "items:")))
        case 11:
            guard let list = pick(lists), let text = site.read(list) else { break }
            if rng.next(2) == 0, text.contains("- [ ]") {
                return ("tick an item of \(list)", try replace(list, with: text.replacingFirstOccurrence(of: "- [ ]", with: "- [x]")))
            }
            guard let heading = text.range(of: "\n## ") else { break }
            let lineEnd = text[heading.upperBound...].firstIndex(of: "\n") ?? text.endIndex
            var changed = text
            changed.insert(contentsOf: "\n- [ ] New shot \(n)", at: lineEnd)
            return ("add an item to \(list)", try replace(list, with: changed))
        case 12, 13:
            let name = pick(Self.templates)!
            let path = "Themes/default/templates/\(name).mustache"
            if site.exists(path), rng.next(2) == 0 { return ("drop the \(name) template override", try replace(path, with: nil)) }
            let shipped = try String(contentsOfFile: TestSite.repositoryRoot + "/" + path, encoding: .utf8)
            return ("edit the \(name) template", try replace(path, with: "<!-- edit \(n) -->\n" + shipped))
        case 14:
            let locale = rng.next(2) == 0 ? "en" : "he"
            let path = "Content/strings/\(locale).yaml"
            if site.exists(path), rng.next(3) == 0 { return ("drop \(path)", try replace(path, with: nil)) }
            return ("edit \(path)", try replace(path, with: "nav.songs: \(locale == "he" ? "שירים" : "Songs") \(n)\n"))
        case 15:
            guard let text = site.read("Content/site.yaml") else { break }
            return ("site title", try replace("Content/site.yaml", with: text.replacingFirstLine(startingWith: "title:", with: "title: Chapel \(n)")))
        default:
            break
        }
        return ("nothing", {})
    }

    /// A song's id when it can be told without parsing: its `id:`, else an ASCII file name.
    func songID(_ path: String, _ text: String) -> String? {
        if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("id:") }) {
            return line.dropFirst(3).trimmingCharacters(in: .whitespaces)
        }
        let name = (path as NSString).lastPathComponent.dropLast(3)
        return name.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }) ? String(name) : nil
    }

    /// Services naming `old` name `new` instead; returns how to undo it.
    func renameReferences(from old: String?, to new: String) throws -> () throws -> Void {
        guard let old else { return {} }
        var undos: [() throws -> Void] = []
        for service in files("Content/services") {
            guard let text = site.read(service) else { continue }
            let changed = text.replacingOccurrences(of: "  - \(old)\n", with: "  - \(new)\n")
                .replacingOccurrences(of: "song: \(old)\n", with: "song: \(new)\n")
            if changed != text { undos.append(try replace(service, with: changed)) }
        }
        return { for undo in undos.reversed() { try undo() } }
    }

    /// Song ids as services write them (`- id` or `song: id`).
    func songIDsNamedInServices() -> [String] {
        var ids: Set<String> = []
        for service in files("Content/services") {
            for line in (site.read(service) ?? "").split(separator: "\n") {
                let t = line.trimmingCharacters(in: .whitespaces)
                if t.hasPrefix("- "), !t.contains(":") { ids.insert(String(t.dropFirst(2))) }
                if t.hasPrefix("- song: ") { ids.insert(String(t.dropFirst(8))) }
            }
        }
        return ids.sorted()
    }
}

extension String {
    func replacingFirstLine(startingWith prefix: String, with line: String) -> String {
        var lines = components(separatedBy: "\n")
        if let i = lines.firstIndex(where: { $0.hasPrefix(prefix) }) { lines[i] = line }
        return lines.joined(separator: "\n")
    }

    func replacingFirstOccurrence(of target: String, with replacement: String) -> String {
        guard let r = range(of: target) else { return self }
        return replacingCharacters(in: r, with: replacement)
    }

    /// Drops the line after the first line equal to `marker`, if it is a list item.
    func removingLine(after marker: String) -> String {
        var lines = components(separatedBy: "\n")
        if let i = lines.firstIndex(of: marker), i + 1 < lines.count, lines[i + 1].hasPrefix("  - ") { lines.remove(at: i + 1) }
        return lines.joined(separator: "\n")
    }
}

/// A generated site: songs in two albums and two languages, weekly services naming them, a
/// shoot-list template and lists extending it, both locales.
enum GeneratedSite {
    static func files(songs: Int, services: Int) -> [String: String] {
        var files: [String: String] = [
            "Content/site.yaml": "title: Generated Chapel\nlocale: en\nlocales: [en, he]\ntimezone: America/New_York\n",
            "Content/shootlists/templates/base.md": "---\nschool: Template\ntemplate: true\n---\n\n## Portraits\n- [ ] Staff portraits\n  - required: yes\n- [ ] Class photos\n",
        ]
        for i in 1...songs {
            let hebrew = i % 5 == 0
            let title = hebrew ? "שיר מספר \(i)" : "Generated Song \(i)"
            let lyrics = hebrew ? "[Am]הללו [G]את \(i)\nשורה שנייה\n" : "[G]Line one of \(i) [D]goes\nline two\n"
            files["Content/songs/song-\(i).md"] = "---\ntitle: \"\(title)\"\nkey: G\nalbum: Album \(i % 3)\ntrack: \(i)\n---\n\n## Verse 1\n\(lyrics)\n## Chorus\n[C]Chorus of \(i)\n"
        }
        for s in 0..<services {
            let day = String(format: "%02d", 1 + s * 3)
            let items = (0..<3).map { "  - song-\(1 + (s * 7 + $0 * 5) % songs)" }.joined(separator: "\n")
            files["Content/services/2026-11-\(day)-morning.md"] = "---\ntitle: Morning \(s)\ndate: 2026-11-\(day) 10:00\nitems:\n\(items)\n  - heading: Prayers\n---\n"
        }
        for l in 1...2 {
            files["Content/shootlists/school-\(l).md"] = "---\nschool: School \(l)\nschool_year: 2026-2027\nextends: templates/base\n---\n\n## Sports\n- [ ] Team \(l)\n- [x] Coach \(l)\n  - done: 2026-09-01\n"
        }
        return files
    }
}

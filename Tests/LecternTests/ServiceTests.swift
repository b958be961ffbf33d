import LecternModel
import LecternParse
import LecternResolve
import Testing

@Suite struct ServiceTests {
    let parser = ServiceParser(allowHTML: false)
    let songParser = MarkdownSongParser(sectionNames: SectionNames(), allowHTML: false)

    func song(_ id: String, key: String = "G") -> Song {
        var d = Diagnostics()
        return songParser.parse(sourceFile("Content/songs/\(id).md", "---\ntitle: \(id)\nkey: \(key)\n---\n## Verse 1\na\n\n## Chorus\nb\n"), diagnostics: &d)!
    }

    func service(_ name: String, _ text: String) -> (Service?, Diagnostics) {
        var d = Diagnostics()
        return (parser.parse(sourceFile("Content/services/\(name).md", text), diagnostics: &d), d)
    }

    @Test func everyItemForm() throws {
        let (s, d) = service("sunday", """
        ---
        title: Sunday
        date: 2026-11-22 10:00
        items:
          - amazing-grace
          - song: how-great
            key: A
            order: [v1, c]
            note: Stand
          - heading: Scripture
            text: Psalm 23
          - slide: |
              Welcome to **Grace**
        ---
        Public *notes*.
        """)
        let service = try #require(s)
        #expect(!d.hasErrors)
        #expect(service.date == LocalDateTime(date: CalendarDate(year: 2026, month: 11, day: 22), time: TimeOfDay(hour: 10, minute: 0)))
        #expect(service.items.count == 4)
        guard case .song(let plain) = service.items[0], case .song(let custom) = service.items[1],
              case .heading(let title, let text) = service.items[2], case .slide(let html, let slideText) = service.items[3] else {
            Issue.record("wrong item kinds"); return
        }
        #expect(plain.songID == "amazing-grace")
        #expect(plain.location.line == 5)
        #expect(custom.key == "A" && custom.order == ["v1", "c"] && custom.note == "Stand")
        #expect(title == "Scripture" && text == "Psalm 23")
        #expect(html == "<p dir=\"auto\">Welcome to <strong>Grace</strong></p>\n")
        #expect(slideText == "Welcome to Grace")
        #expect(service.notesHTML == "<p dir=\"auto\">Public <em>notes</em>.</p>\n")
    }

    @Test func missingFrontMatterOrDateIsAnError() {
        #expect(service("x", "Just text").1.errors.first?.message.hasPrefix("missing front matter") == true)
        let (_, d) = service("y", "---\ntitle: T\ndate: next sunday\n---\n")
        #expect(d.errors.map(\.description) == ["Content/services/y.md:3:7: error: date 'next sunday' must be YYYY-MM-DD or YYYY-MM-DD HH:MM"])
    }

    func resolve(_ services: [Service], date: CalendarDate, songs: [Song]? = nil) -> (ResolvedSite, Diagnostics) {
        var d = Diagnostics()
        let site = Resolver(config: SiteConfig(title: "T"), buildDate: date, profile: .display)
            .resolve(songs: songs ?? [song("amazing-grace"), song("how-great")], services: services, shootLists: [], diagnostics: &d)
        return (site, d)
    }

    @Test func unknownSongIdNamesFileLineAndClosestIds() throws {
        let (s, _) = service("sunday", "---\ntitle: S\ndate: 2026-11-22\nitems:\n  - amazing-grace\n  - amazng-grace\n---\n")
        let (_, d) = resolve([try #require(s)], date: CalendarDate(year: 2026, month: 11, day: 22))
        #expect(d.errors.map(\.description) == ["Content/services/sunday.md:6:5: error: no song with id 'amazng-grace' (did you mean 'amazing-grace'?)"])
    }

    @Test func transposedKeyAndCustomOrder() throws {
        let (s, _) = service("s", "---\ntitle: S\ndate: 2026-11-22\nitems:\n  - song: amazing-grace\n    key: A\n    order: [c, v1]\n---\n")
        let (site, _) = resolve([try #require(s)], date: CalendarDate(year: 2026, month: 11, day: 22))
        let item = try #require(site.services.first?.songs.first)
        #expect(item.key == "A" && item.isTransposed && item.order == ["c", "v1"])
    }

    func dated(_ id: String, _ date: String, active: Bool = false) -> Service {
        Service(id: id, source: SourceLocation(path: "Content/services/\(id).md"), title: id,
                date: ServiceParser.parseDateTime(date)!, active: active)
    }

    @Test func todayIsTheActiveOneThenTheDatedOneThenTheNextUpcoming() {
        let today = CalendarDate(year: 2026, month: 11, day: 22)
        let past = dated("past", "2026-11-15 10:00"), now = dated("now", "2026-11-22 10:00")
        let next = dated("next", "2026-11-29 10:00"), later = dated("later", "2026-12-06 10:00")
        #expect(resolve([past, now, next], date: today).0.todaysService?.id == "now")
        #expect(resolve([past, next, later], date: today).0.todaysService?.id == "next")
        #expect(resolve([past, now, dated("special", "2026-10-01", active: true)], date: today).0.todaysService?.id == "special")
        let (site, _) = resolve([later, past, now, next], date: today)
        #expect(site.upcoming.map(\.id) == ["now", "next", "later"])
        #expect(site.archive.map(\.id) == ["past"])
    }

    @Test func twoActiveServicesIsAnError() {
        let (_, d) = resolve([dated("a", "2026-11-22", active: true), dated("b", "2026-11-29", active: true)],
                             date: CalendarDate(year: 2026, month: 11, day: 22))
        #expect(d.errors.first?.message.contains("more than one service is marked `active: true`") == true)
    }

    @Test func duplicateIdsNameBothFiles() {
        let a = dated("same", "2026-11-22"), b = Service(id: "same", source: SourceLocation(path: "Content/services/other/same.md"),
                                                        title: "B", date: ServiceParser.parseDateTime("2026-11-29")!)
        let (_, d) = resolve([a, b], date: CalendarDate(year: 2026, month: 11, day: 22))
        let message = d.errors.first?.description ?? ""
        #expect(message.contains("Content/services/other/same.md") && message.contains("Content/services/same.md"))
    }
}

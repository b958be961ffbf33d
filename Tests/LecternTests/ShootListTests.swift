import Foundation
import LecternModel
import LecternParse
import LecternResolve
import Testing

@Suite struct ShootListTests {
    let parser = ShootListParser(allowHTML: false)

    func parse(_ rel: String, _ text: String) -> (ShootList?, Diagnostics) {
        var d = Diagnostics()
        return (parser.parse(sourceFile("Content/shootlists/" + rel, text), relativePath: rel, diagnostics: &d), d)
    }

    static let template = """
    ---
    school: Template
    template: true
    ---
    ## Sports
    - [ ] Varsity football team photo
    - [ ] Cheerleaders
      - required: no

    ## Academics
    - [ ] Science fair
    """

    static let list = """
    ---
    school: Lincoln High School
    school_year: 2025-2026
    extends: templates/high-school
    photographers: [Dana Levi, Sam Cohen]
    ---
    Intro *text*.

    ## Sports
    - [x] Varsity football team photo
      - required: yes
      - done: 2025-09-12
      - by: Dana Levi
      - session: S-1042
      - images: 1234, 1240-1244
      - notes: Bring the ladder
    - [ ] Chess club
      Description paragraph of the item.

    ## Clubs
    - [X] Drama club
    """

    @Test func itemsAttributesAndDescriptions() throws {
        let (l, d) = parse("lincoln.md", Self.list)
        let list = try #require(l)
        #expect(!d.hasErrors)
        #expect(list.categories.map(\.name) == ["Sports", "Clubs"])
        let varsity = list.categories[0].items[0]
        #expect(varsity.done && varsity.required)
        #expect(varsity.doneDate?.description == "2025-09-12" && varsity.by == "Dana Levi" && varsity.session == "S-1042")
        #expect(varsity.images == "1234, 1240-1244" && varsity.notes == "Bring the ladder")
        let chess = list.categories[0].items[1]
        #expect(chess.name == "Chess club" && !chess.done)
        #expect(chess.descriptionHTML == "<p dir=\"auto\">Description paragraph of the item.</p>\n")
        #expect(list.categories[1].items[0].done)
        #expect(list.introHTML == "<p dir=\"auto\">Intro <em>text</em>.</p>\n")
    }

    @Test func extendsMergesTemplateFirstAndOverridesInPlace() throws {
        let (t, _) = parse("templates/high-school.md", Self.template)
        let (l, _) = parse("lincoln.md", Self.list)
        var d = Diagnostics()
        let site = Resolver(config: SiteConfig(title: "T"), buildDate: CalendarDate(year: 2025, month: 10, day: 1), profile: .display)
            .resolve(songs: [], services: [], shootLists: [try #require(t), try #require(l)], diagnostics: &d)
        #expect(!d.hasErrors)
        #expect(site.shootLists.map(\.id) == ["lincoln"]) // the template is not built on its own
        let merged = try #require(site.shootLists.first)
        #expect(merged.categories.map(\.name) == ["Sports", "Academics", "Clubs"])
        #expect(merged.categories[0].items.map(\.name) == ["Varsity football team photo", "Cheerleaders", "Chess club"])
        #expect(merged.categories[0].items[0].done) // overridden, not repeated
        let p = merged.progress
        #expect((p.done, p.total, p.requiredDone, p.requiredTotal) == (2, 5, 2, 4))
        #expect(merged.isActive)
    }

    /// The merge rules, spelled out the slow way: a category by its name in any case; an item
    /// by its id when both have one, else by its name in any case; the first match replaced in
    /// place, the rest appended. `Resolver.merge` indexes them; on random lists it must agree.
    @Test func mergeAgreesWithTheRulesSpelledOut() {
        func reference(_ own: [ShootCategory], over base: [ShootCategory]) -> [ShootCategory] {
            var result = base
            for category in own {
                guard let ci = result.firstIndex(where: { $0.name.lowercased() == category.name.lowercased() }) else {
                    result.append(category)
                    continue
                }
                for item in category.items {
                    let same = { (a: ShootItem) -> Bool in
                        if let x = a.id, let y = item.id { return x == y }
                        return a.name.lowercased() == item.name.lowercased()
                    }
                    if let ii = result[ci].items.firstIndex(where: same) { result[ci].items[ii] = item } else { result[ci].items.append(item) }
                }
            }
            return result
        }
        var random = SystemRandomNumberGenerator()
        let here = SourceLocation(path: "x.md")
        func items(_ n: Int) -> [ShootItem] {
            (0..<n).map { _ in
                ShootItem(name: ["Team", "team", "Band", "BAND", "Choir"].randomElement(using: &random)!,
                          id: [nil, "t1", "t2", "b1"].randomElement(using: &random)!,
                          done: Bool.random(using: &random), required: Bool.random(using: &random), location: here)
            }
        }
        func categories(_ n: Int) -> [ShootCategory] {
            (0..<n).map { _ in ShootCategory(name: ["Sports", "sports", "Clubs"].randomElement(using: &random)!,
                                             items: items(Int.random(in: 0...6, using: &random))) }
        }
        for _ in 0..<500 {
            let base = categories(Int.random(in: 0...3, using: &random))
            let own = categories(Int.random(in: 0...3, using: &random))
            #expect(Resolver.merge(own, over: base) == reference(own, over: base))
        }
    }

    @Test func requiredByDefaultFlips() throws {
        let (l, _) = parse("x.md", "---\nschool: S\nschool_year: 2025-2026\nrequired_by_default: no\n---\n## A\n- [ ] one\n- [ ] two\n  - required: yes\n")
        #expect(try #require(l).categories[0].items.map(\.required) == [false, true])
    }

    @Test func unknownAttributeIsAnErrorWithItsLine() {
        let (_, d) = parse("x.md", "---\nschool: S\nschool_year: 2025-2026\n---\n## A\n- [ ] one\n  - photographer: Dana\n")
        #expect(d.errors.map(\.description) == [
            "Content/shootlists/x.md:7:5: error: unknown attribute 'photographer' (allowed: by, done, id, images, notes, required, session)",
        ])
    }

    @Test(arguments: ["2025-2027", "2025", "25-26", "2026-2025", "abcd-efgh"])
    func badSchoolYearIsAnError(_ year: String) {
        let (l, d) = parse("x.md", "---\nschool: S\nschool_year: \(year)\n---\n")
        #expect(l == nil)
        #expect(d.errors.first?.location.line == 3)
        #expect(d.errors.first?.message.contains("consecutive years") == true)
    }

    @Test func schoolYearDerivesFromDateStartingAugustFirst() {
        #expect(parse("x.md", "---\nschool: S\ndate: 2025-09-02\n---\n").0?.schoolYear?.description == "2025-2026")
        #expect(parse("x.md", "---\nschool: S\ndate: 2026-07-31\n---\n").0?.schoolYear?.description == "2025-2026")
        #expect(parse("x.md", "---\nschool: S\ndate: 2026-08-01\n---\n").0?.schoolYear?.description == "2026-2027")
    }

    @Test func unknownTemplateSuggestsTheClosest() throws {
        let (t, _) = parse("templates/high-school.md", Self.template)
        let (l, _) = parse("lincoln.md", Self.list.replacingOccurrences(of: "templates/high-school", with: "templates/hi-school"))
        var d = Diagnostics()
        _ = Resolver(config: SiteConfig(title: "T"), buildDate: CalendarDate(year: 2025, month: 10, day: 1), profile: .display)
            .resolve(songs: [], services: [], shootLists: [try #require(t), try #require(l)], diagnostics: &d)
        #expect(d.errors.first?.description.hasPrefix("Content/shootlists/lincoln.md:4:10: error: extends 'templates/hi-school'") == true)
        #expect(d.errors.first?.message.contains("did you mean 'templates/high-school'") == true)
    }

    @Test func publicProfileDropsPrivateListsAndFields() throws {
        let (t, _) = parse("templates/high-school.md", Self.template)
        let (l, _) = parse("lincoln.md", Self.list.replacingOccurrences(of: "school_year:", with: "public: true\nschool_year:"))
        let (hidden, _) = parse("private.md", "---\nschool: Hidden\nschool_year: 2025-2026\n---\n")
        var d = Diagnostics()
        let site = Resolver(config: SiteConfig(title: "T"), buildDate: CalendarDate(year: 2025, month: 10, day: 1), profile: .public)
            .resolve(songs: [], services: [], shootLists: [try #require(t), try #require(l), try #require(hidden)], diagnostics: &d)
        #expect(site.shootLists.map(\.id) == ["lincoln"])
        let varsity = try #require(site.shootLists.first?.categories.first?.items.first)
        #expect(varsity.by == nil && varsity.session == nil && varsity.notes == nil)
        #expect(varsity.images == "1234, 1240-1244")
    }

    @Test func aBrokenTemplateIsReportedOnceHoweverManyListsExtendIt() throws {
        let (t, _) = parse("templates/a.md", "---\nschool: T\ntemplate: true\nextends: templates/missing\n---\n")
        let (one, _) = parse("one.md", "---\nschool: One\nschool_year: 2025-2026\nextends: templates/a\n---\n")
        let (two, _) = parse("two.md", "---\nschool: Two\nschool_year: 2025-2026\nextends: templates/a\n---\n")
        var d = Diagnostics()
        _ = Resolver(config: SiteConfig(title: "T"), buildDate: CalendarDate(year: 2025, month: 10, day: 1), profile: .display)
            .resolve(songs: [], services: [], shootLists: [try #require(t), try #require(one), try #require(two)], diagnostics: &d)
        #expect(d.errors.count == 1)
        #expect(d.errors.first?.location.path == "Content/shootlists/templates/a.md")
    }

    @Test func templatesThatExtendEachOtherAreALoop() throws {
        let (a, _) = parse("templates/a.md", "---\nschool: A\ntemplate: true\nextends: templates/b\n---\n")
        let (b, _) = parse("templates/b.md", "---\nschool: B\ntemplate: true\nextends: templates/a\n---\n")
        let (l, _) = parse("l.md", "---\nschool: L\nschool_year: 2025-2026\nextends: templates/a\n---\n")
        var d = Diagnostics()
        _ = Resolver(config: SiteConfig(title: "T"), buildDate: CalendarDate(year: 2025, month: 10, day: 1), profile: .display)
            .resolve(songs: [], services: [], shootLists: [try #require(a), try #require(b), try #require(l)], diagnostics: &d)
        #expect(d.errors.count == 1)
        #expect(d.errors.first?.message.contains("extend each other in a loop") == true)
    }
}

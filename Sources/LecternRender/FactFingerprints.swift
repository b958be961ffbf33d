import LecternLocale
import LecternModel
import LecternResolve

extension Dependency {
    /// A stable name for the build record.
    public var key: String {
        switch self {
        case .siteConfig: return "site"
        case .buildDate: return "date"
        case .strings(let l): return "strings:\(l)"
        case .theme: return "theme"
        case .songSummary(let id): return "song:\(id)"
        case .songBody(let id): return "lyrics:\(id)"
        case .songLibrary: return "song-library"
        case .albumIndex: return "albums"
        case .service(let id): return "service:\(id)"
        case .serviceList: return "service-list"
        case .shootList(let id): return "shootlist:\(id)"
        case .shootListIndex: return "shootlist-index"
        }
    }

    /// What changed, in words, for `--explain`.
    public var explanation: String {
        switch self {
        case .siteConfig: return "site.yaml or the build profile changed"
        case .buildDate: return "the build date changed"
        case .strings(let l): return "the '\(l)' strings changed"
        case .theme: return "a template changed"
        case .songSummary(let id): return "song '\(id)' changed (title, details, sections or first line)"
        case .songBody(let id): return "the lyrics or notes of song '\(id)' changed"
        case .songLibrary: return "the song library changed"
        case .albumIndex: return "the albums changed"
        case .service(let id): return "service '\(id)' changed"
        case .serviceList: return "the list of services changed"
        case .shootList(let id): return "shoot list '\(id)' changed"
        case .shootListIndex: return "which shoot lists are published changed"
        }
    }
}

/// A fingerprint for every fact a page can depend on, computed from the resolved model, so a
/// page whose facts have the fingerprints the build record holds need not be rendered again.
/// Each model type is fed field by field (`StableHash+Model`): reflection would be simpler but
/// took half of a one-song rebuild of a 10,000-song site.
public enum FactFingerprints {
    public static func compute(site: ResolvedSite, strings: [String: LocalizedStrings],
                               theme: CompiledTheme) -> [Dependency: String] {
        var facts: [Dependency: String] = [:]
        facts[.siteConfig] = StableHash.of(String(reflecting: site.config), site.profile.rawValue)
        facts[.buildDate] = site.buildDate.description
        for (locale, table) in strings {
            var h = StableHash()
            for key in table.entries.keys.sorted() {
                h.add(key)
                switch table.entries[key]! {
                case .text(let text): h.add(text)
                case .plural(let forms):
                    // A Dictionary: described in category order, never in iteration order.
                    for category in PluralCategory.allCases { h.add(forms[category] ?? "\u{0}") }
                }
            }
            facts[.strings(locale: locale)] = h.hex
        }
        var themeHash = StableHash()
        for name in theme.files.templates.keys.sorted() { themeHash.add(name); themeHash.add(theme.files.templates[name]!.text) }
        facts[.theme] = themeHash.hex

        var library = StableHash()
        for song in site.songs {
            var summary = StableHash()
            summary.add(song.id)
            summary.add(song.metadata)
            for section in song.sections { summary.add(section.id) }
            summary.add(song.firstLine ?? "")
            facts[.songSummary(song.id)] = summary.hex
            var body = StableHash()
            for section in song.sections { body.add(section) }
            body.add(song.notesHTML)
            facts[.songBody(song.id)] = body.hex
            library.add(summary.hex)
        }
        facts[.songLibrary] = library.hex
        facts[.albumIndex] = StableHash.of(site.albums.map { $0.id + "=" + $0.title }.joined(separator: "\n"))

        var serviceList = StableHash()
        for resolved in site.services {
            var h = StableHash()
            h.add(resolved.service)
            facts[.service(resolved.id)] = h.hex
            serviceList.add(h.hex)
        }
        serviceList.add(site.todaysService?.id ?? "")
        facts[.serviceList] = serviceList.hex
        for list in site.shootLists {
            var h = StableHash()
            h.add(list)
            facts[.shootList(list.id)] = h.hex
        }
        facts[.shootListIndex] = site.shootLists.isEmpty ? "none" : "some"
        return facts
    }

    /// A page's fingerprint: its template and the fingerprints of the facts it declares.
    public static func page(_ page: PlannedPage, facts: [Dependency: String]) -> String {
        var h = StableHash()
        h.add(page.template)
        for dependency in page.dependencies.sorted(by: { $0.key < $1.key }) {
            h.add(dependency.key)
            h.add(facts[dependency] ?? "?")
        }
        return h.hex
    }
}

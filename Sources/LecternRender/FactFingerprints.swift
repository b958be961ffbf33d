import LecternLocale
import LecternModel
import LecternResolve

extension Dependency {
    /// A stable name for the build record. Joined with `+`, not interpolated: a build names
    /// each of a 10,000-song site's 30,000 facts, and interpolation took three times as long.
    public var key: String {
        switch self {
        case .siteConfig: return "site"
        case .buildDate: return "date"
        case .strings(let l): return "strings:" + l
        case .template(let name): return "template:" + name
        case .songSummary(let id): return "song:" + id
        case .songBody(let id): return "lyrics:" + id
        case .songUsage(let id): return "usage:" + id
        case .songLibrary: return "song-library"
        case .albumIndex: return "albums"
        case .album(let id): return "album:" + id
        case .service(let id): return "service:" + id
        case .serviceList: return "service-list"
        case .shootList(let id): return "shootlist:" + id
        case .shootListIndex: return "shootlist-index"
        case .pageSet: return "pages"
        }
    }

    /// What changed, in words, for `--explain`.
    public var explanation: String {
        switch self {
        case .siteConfig: return "site.yaml, the build profile or lectern itself changed"
        case .buildDate: return "the build date changed"
        case .strings(let l): return "the '\(l)' strings changed"
        case .template(let name): return "template '\(name)' or a template it uses changed"
        case .songSummary(let id): return "song '\(id)' changed (title, details, sections or first line)"
        case .songBody(let id): return "the lyrics or notes of song '\(id)' changed"
        case .songUsage(let id): return "how often song '\(id)' was sung changed"
        case .songLibrary: return "the song library changed"
        case .albumIndex: return "the albums changed"
        case .album(let id): return "the songs of album '\(id)' changed"
        case .service(let id): return "service '\(id)' changed"
        case .serviceList: return "the list of services changed"
        case .shootList(let id): return "shoot list '\(id)' changed"
        case .shootListIndex: return "which shoot lists are published changed"
        case .pageSet: return "the set of pages changed"
        }
    }
}

/// A fingerprint for every fact a page can depend on, computed from the resolved model, so a
/// page whose facts have the fingerprints the build record holds need not be rendered again.
/// Each model type is fed field by field (`StableHash+Model`): reflection would be simpler but
/// took half of a one-song rebuild of a 10,000-song site.
public enum FactFingerprints {
    /// `usage`: `site.songUsage` (the caller has it from the outline). `songs`: fingerprints already known (from the parse cache), by song id; the others are computed.
    /// `otherOutputs`: the files copied beside the pages (theme assets, media), for `.pageSet`.
    /// `tool` identifies the lectern binary: every page depends on the site's settings, and a new
    /// lectern may render the same facts differently, so it counts as one of them.
    public static func compute(site: ResolvedSite, strings: [String: LocalizedStrings],
                               theme: CompiledTheme, usage: [String: SongUsage], songs known: [String: SongFingerprints] = [:],
                               otherOutputs: [String] = [], tool: String = "") -> [Dependency: String] {
        // Albums, services, shoot lists and the page set on another thread, beside the songs.
        let fromCollections = Background { collectionFacts(site: site, otherOutputs: otherOutputs) }
        var facts: [Dependency: String] = [:]
        facts.reserveCapacity(3 * site.songs.count + site.albums.count + site.services.count + site.shootLists.count + 64)
        facts[.siteConfig] = StableHash.of(String(reflecting: site.config), site.profile.rawValue, tool)
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
        for name in PagePlanner.templatesUsed {
            var h = StableHash()
            for used in theme.templatesUsed(by: name) { h.add(used); h.add(theme.files.templates[used]?.text ?? "\u{0}") }
            facts[.template(name)] = h.hex
        }

        var library = StableHash()
        for song in site.songs {
            facts[.songUsage(song.id)] = usage[song.id]?.fingerprint ?? "0"
            let fingerprints = known[song.id] ?? SongFingerprints(song)
            facts[.songSummary(song.id)] = fingerprints.summary
            facts[.songBody(song.id)] = fingerprints.body
            library.add(fingerprints.summary)
        }
        facts[.songLibrary] = library.hex
        facts.merge(fromCollections.value) { own, _ in own }
        return facts
    }

    /// The facts of the site's albums, services and shoot lists, and its page set.
    private static func collectionFacts(site: ResolvedSite, otherOutputs: [String]) -> [Dependency: String] {
        var facts: [Dependency: String] = [:]
        facts[.albumIndex] = StableHash.of(site.albums.map { $0.id + "=" + $0.title }.joined(separator: "\n"))
        for album in site.albums {
            // Which songs, in which order: what a track's own summary cannot say.
            facts[.album(album.id)] = StableHash.of(album.tracks.map(\.id).joined(separator: "\n"))
        }

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
        facts[.pageSet] = PagePlanner.pageSet(site, otherOutputs: otherOutputs)
        return facts
    }

    /// The facts whose fingerprints differ from those `recorded` (by key), with their new ones.
    public static func changed(_ facts: [Dependency: String], recorded: [String: String]) -> [Dependency: String] {
        facts.filter { recorded[$0.key.key] != $0.value }
    }

    /// Each fact's name and fingerprint hashed together once, for `page`.
    public static func keyed(_ facts: [Dependency: String]) -> [Dependency: UInt64] {
        var keyed: [Dependency: UInt64] = [:]
        keyed.reserveCapacity(facts.count)
        for (dependency, fingerprint) in facts { keyed[dependency] = keyedHash(dependency, fingerprint) }
        return keyed
    }

    private static func keyedHash(_ dependency: Dependency, _ fingerprint: String?) -> UInt64 {
        var h = StableHash()
        h.add(dependency.key)
        h.add(fingerprint ?? "?")
        return h.value
    }

    /// A page's fingerprint: its template and the fingerprints of the facts it declares. The
    /// facts are combined by a sum, which needs no sorting: 20,000 pages sorting their
    /// dependencies by name cost a tenth of a one-song rebuild.
    public static func page(_ page: PlannedPage, keyed: [Dependency: UInt64]) -> String {
        combine(page) { keyed[$0] ?? keyedHash($0, nil) }
    }

    /// The same fingerprint, each declared fact keyed as it is met: for a build that plans
    /// some of the pages, where keying all 30,000 facts first would cost more.
    public static func page(_ page: PlannedPage, facts: [Dependency: String]) -> String {
        combine(page) { keyedHash($0, facts[$0]) }
    }

    /// The same fingerprint from facts known by key (the build record's), some replaced by
    /// new ones: for a build that computes only the facts that changed.
    public static func page(_ page: PlannedPage, recorded: [String: String], replacing: [Dependency: String]) -> String {
        combine(page) { keyedHash($0, replacing[$0] ?? recorded[$0.key]) }
    }

    private static func combine(_ page: PlannedPage, _ keyed: (Dependency) -> UInt64) -> String {
        var sum: UInt64 = 0
        for dependency in page.dependencies { sum &+= keyed(dependency) }
        var h = StableHash()
        h.add(page.template)
        h.add(String(sum, radix: 16))
        return h.hex
    }
}

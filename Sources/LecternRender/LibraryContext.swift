import Foundation
import LecternLocale
import LecternModel
import LecternResolve
import LecternTemplate

/// Template data for the song library, albums and the home page.
extension LocaleContext {
    func songsIndex() -> TemplateFields {
        let page = PagePaths.songs
        var c = common(page: page, title: strings.text("nav.songs"))
        let sorted = songsByTitle
        let links = link(from: page, to: "")
        let songs = sorted.map { listedSong($0, links: links) }
        c.merge(context([
            "songs": songs,
            "has_today": songs.contains { $0["in_today"] != nil } ? true : nil,
            // The choices of the library's filters, each in the locale's order.
            "artists": choices(site.songs.compactMap(\.metadata.artist)),
            "albums": choices(site.songs.compactMap(\.metadata.album)),
            "tags": choices(site.songs.flatMap(\.metadata.tags)),
            "languages": languageChoices(site.songs.compactMap(\.metadata.language)),
        ]), uniquingKeysWith: { _, new in new })
        c["song_count"] = .text(strings.plural("song.count", count: sorted.count))
        c["showing_forms"] = .text(pluralForms("library.found"))
        c["added_many_forms"] = .text(pluralForms("setlist.added_many"))
        return c
    }

    /// The distinct values, sorted for this locale's readers.
    private func choices(_ values: [String]) -> [String] {
        collation.sorted(Array(Set(values)), title: { $0 }, id: { $0 })
    }

    /// Each language code with its name in this locale ("Hebrew", "עברית" on a Hebrew page).
    private func languageChoices(_ codes: [String]) -> TemplateValue {
        let uiLocale = Locale(identifier: locale)
        let named = Set(codes).map { code in (code, uiLocale.localizedString(forIdentifier: code) ?? code) }
        return .list(collation.sorted(named, title: \.1, id: \.0).map { .object(["code": .text($0.0), "name": .text($0.1)]) })
    }

    /// `songs/search-data.js`: what the library's search field and filters read, one row per
    /// song in the library's title order. A script rather than JSON: a page opened from disk
    /// may load a script beside it, but not fetch a file.
    func searchData() -> TemplateFields {
        // Written as JSON directly: 10,000 rows built as template values first took longer
        // than the rest of a title edit's library pages. The same bytes in every locale whose
        // title order is the same: written once.
        let songs = songsByTitle
        return ["library_json": .text(shared.alike("search data", key: songs.map(\.id)) { Self.searchJSON(songs) })]
    }

    private static func searchJSON(_ songs: [Song]) -> String {
        var json = JSONWriter(capacity: 2 << 20)
        json.raw("{\"fields\":")
        json.strings(["id", "title", "alternate_titles", "authors", "artist", "album", "key", "language", "tags", "first_line"])
        json.raw(",\"songs\":")
        json.list(songs) { json, song in
            let m = song.metadata
            json.raw("[")
            json.string(song.id)
            json.raw(",")
            json.string(m.title)
            json.raw(",")
            json.strings(m.alternateTitles)
            json.raw(",")
            json.strings(m.authors)
            for text in [m.artist, m.album, m.key, m.language] {
                json.raw(",")
                json.string(text ?? "")
            }
            json.raw(",")
            json.strings(m.tags)
            json.raw(",")
            json.string(song.firstLine ?? "")
            json.raw("]")
        }
        json.raw("}")
        return json.text
    }

    func albumSummary(_ album: Album, from page: String) -> TemplateFields {
        context([
            "id": album.id,
            "title": album.title,
            "artist": album.artist,
            "href": link(from: page, to: PagePaths.album(album.id)),
            "cover": mediaLink(from: page, album.cover),
            "track_count": strings.plural("album.track_count", count: album.tracks.count),
        ])
    }

    func albumsIndex() -> TemplateFields {
        let page = PagePaths.albums
        var c = common(page: page, title: strings.text("nav.albums"))
        c.merge(context(["albums": site.albums.map { albumSummary($0, from: page) }]), uniquingKeysWith: { _, new in new })
        return c
    }

    func albumPage(_ album: Album) -> TemplateFields {
        let page = PagePaths.album(album.id)
        var data = albumSummary(album, from: page)
        let links = link(from: page, to: "")
        data["tracks"] = album.tracks.map { song -> TemplateFields in
            var s = listedSong(song, links: links)
            if let audio = mediaLink(from: page, song.metadata.audio) { s["audio"] = .text(audio) }
            return s
        }.templateValue
        if album.tracks.contains(where: { $0.metadata.audio != nil }) { data["has_audio"] = true }
        var c = common(page: page, title: album.title)
        c["album"] = .object(data)
        return c
    }

    func homePage() -> TemplateFields {
        let page = PagePaths.home
        var c = common(page: page, title: nil)
        c.merge(context([
            "today": site.todaysService.map { serviceSummary($0, from: page) },
            "upcoming": site.upcoming.filter { $0.id != site.todaysService?.id }.prefix(5).map { serviceSummary($0, from: page) },
            "song_count": strings.plural("song.count", count: site.songs.count),
            "album_count": site.albums.isEmpty ? nil : strings.plural("album.count", count: site.albums.count),
            "shootlists": site.shootLists.map { shootListSummary($0, from: page) },
            "build_date": dates.long(site.buildDate),
        ]), uniquingKeysWith: { _, new in new })
        return c
    }
}

import LecternModel
import LecternResolve
import LecternTemplate

/// Template data for the song library, albums and the home page.
extension LocaleContext {
    func songsIndex() -> [String: TemplateValue] {
        let page = PagePaths.songs
        var c = common(page: page, title: strings.text("nav.songs"))
        let sorted = collation.sorted(site.songs, title: \.metadata.title, id: \.id)
        c.merge(context(["songs": sorted.map { listedSong($0, from: page) }]), uniquingKeysWith: { _, new in new })
        c["song_count"] = .text(strings.plural("song.count", count: sorted.count))
        return c
    }

    func albumSummary(_ album: Album, from page: String) -> [String: TemplateValue] {
        context([
            "id": album.id,
            "title": album.title,
            "artist": album.artist,
            "href": link(from: page, to: PagePaths.album(album.id)),
            "cover": mediaLink(from: page, album.cover),
            "track_count": strings.plural("album.track_count", count: album.tracks.count),
        ])
    }

    func albumsIndex() -> [String: TemplateValue] {
        let page = PagePaths.albums
        var c = common(page: page, title: strings.text("nav.albums"))
        c.merge(context(["albums": site.albums.map { albumSummary($0, from: page) }]), uniquingKeysWith: { _, new in new })
        return c
    }

    func albumPage(_ album: Album) -> [String: TemplateValue] {
        let page = PagePaths.album(album.id)
        var data = albumSummary(album, from: page)
        data["tracks"] = album.tracks.map { song -> [String: TemplateValue] in
            var s = listedSong(song, from: page)
            if let audio = mediaLink(from: page, song.metadata.audio) { s["audio"] = .text(audio) }
            return s
        }.templateValue
        var c = common(page: page, title: album.title)
        c["album"] = .object(data)
        return c
    }

    func homePage() -> [String: TemplateValue] {
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

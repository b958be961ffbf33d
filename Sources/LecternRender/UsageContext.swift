import LecternModel
import LecternTemplate

/// `songs/usage.csv`: every song with how often and when it was last sung, for licence
/// reports (CCLI asks for the song number and the times used). Most used first, then by title.
extension LocaleContext {
    func usageCSV() -> TemplateFields {
        let usage = outline.songUsage
        let rows = mostSungFirst().map(\.song)
        var c: TemplateFields = ["t": stringTree]
        c["rows"] = .list(rows.map { song in
            let used = usage[song.id]
            return .object([
                "title": .text(song.metadata.title),
                "ccli": .text(song.metadata.ccli ?? ""),
                "times": .text(String(used?.count ?? 0)),
                // ISO dates: a spreadsheet reads them as dates in any locale.
                "last_used": .text(used?.lastUsed.description ?? ""),
            ])
        })
        return c
    }

    /// Every song, most sung first, then in title order; with its place in the title order.
    /// Sorts places, not songs: moving 10,000 `Song` values about costs more than the compare.
    /// Sorted once per locale: the usage page and `usage.csv` both list them.
    func mostSungFirst() -> [(rank: Int, song: Song)] {
        shared.mostSungFirst(locale: locale) {
            let usage = outline.songUsage
            let byTitle = songsByTitle
            let counts = byTitle.map { usage[$0.id]?.count ?? 0 }
            let order = byTitle.indices.sorted { a, b in counts[a] != counts[b] ? counts[a] > counts[b] : a < b }
            return order.map { (rank: $0, song: byTitle[$0]) }
        }
    }
}

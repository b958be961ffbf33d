import LecternModel
import LecternTemplate

/// `songs/usage.csv`: every song with how often and when it was last sung, for licence
/// reports (CCLI asks for the song number and the times used). Most used first, then by title.
extension LocaleContext {
    func usageCSV() -> [String: TemplateValue] {
        let usage = site.songUsage
        let byTitle = collation.sorted(site.songs, title: \.metadata.title, id: \.id)
        let rank = Dictionary(byTitle.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        let rows = site.songs.sorted {
            let a = usage[$0.id]?.count ?? 0, b = usage[$1.id]?.count ?? 0
            return a != b ? a > b : rank[$0.id]! < rank[$1.id]!
        }
        var c: [String: TemplateValue] = [:]
        // The column names from the string tables, as CSV cells.
        c["header"] = .object(Dictionary(uniqueKeysWithValues: ["song", "ccli", "times", "last_used"].map {
            ($0, .text(CSVText.cell(strings.text("usage." + $0))))
        }))
        c["rows"] = .list(rows.map { song in
            let used = usage[song.id]
            return .object([
                "title": .text(CSVText.cell(song.metadata.title)),
                "ccli": .text(CSVText.cell(song.metadata.ccli ?? "")),
                "times": .text(String(used?.count ?? 0)),
                // ISO dates: a spreadsheet reads them as dates in any locale.
                "last_used": .text(used?.lastUsed.description ?? ""),
            ])
        })
        return c
    }
}

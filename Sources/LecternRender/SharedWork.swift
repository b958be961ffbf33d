import Foundation
import LecternLocale
import LecternModel
import LecternTemplate

/// Work that many pages of one build would each repeat, done once and shared by the threads
/// that render them: chords transposed into every key (10,000 song pages in two locales use a
/// few hundred distinct chord-and-key pairs), the songs in each locale's title order (the
/// library, its search data and the usage pages all list them), a year's time-zone changes
/// (every calendar file). Made per build, never global.
final class SharedWork: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [String: Slot] = [:]

    /// One memoised value. Its own lock is held while the value is made, so pages that ask for
    /// it at the same moment (the library, search data and usage pages are planned side by side
    /// and start together on different threads) wait for one computation instead of each
    /// making their own.
    private final class Slot: @unchecked Sendable {
        let lock = NSLock()
        var value: Any?
        /// Callers still to come; the slot is forgotten when the last one has it.
        var uses = 0
    }

    /// `make()`'s result for `key`, made by the first caller only. With `uses`, the value is
    /// forgotten after that many callers (a song's page in each locale, planned side by side),
    /// so what only a few pages share is not kept for the whole build; a caller after them
    /// makes it again. A build that renders fewer of those pages (a string edited in one
    /// locale) keeps its values until the plan is let go.
    func once<T>(_ key: String, uses: Int = .max, _ make: () -> T) -> T {
        let slot = lock.withLock {
            let slot: Slot
            if let known = slots[key] {
                slot = known
            } else {
                slot = Slot()
                slot.uses = uses
                slots[key] = slot
            }
            slot.uses -= 1
            if slot.uses == 0 { slots[key] = nil }
            return slot
        }
        return slot.lock.withLock {
            if let known = slot.value as? T { return known }
            let made = make()
            slot.value = made
            return made
        }
    }

    /// `chord` moved from `key` up 0…11 semitones, each spelled in its target key.
    func spellings(of chord: Chord, from key: MusicalKey) -> [String] {
        once("spellings " + key.description + " " + chord.description) {
            (0..<12).map { chord.transposed(from: key, to: key.transposed(by: $0)).description }
        }
    }

    /// A song's transpose table (JSON), made by `make` the first time its inputs are seen:
    /// songs in one key with the same chords and capo line share one.
    func transposeTable(key: String, _ make: () -> String) -> String {
        once("table " + key, make)
    }

    /// What `song`'s pages show alike in every locale of `locales` when `alike` (its chart, its
    /// slides), made for the first and forgotten after the last; made for each caller otherwise.
    func forSong<T>(_ what: String, _ song: String, alike: Bool, locales: Int, _ make: () -> T) -> T {
        alike ? once(what + " " + song, uses: locales, make) : make()
    }

    /// The songs of the usage page and `usage.csv`, most sung first (`LocaleContext.mostSungFirst`).
    func mostSungFirst(locale: String, _ sort: () -> [(rank: Int, song: Song)]) -> [(rank: Int, song: Song)] {
        once("most sung " + locale, sort)
    }

    /// `make()`'s result for `key`, made once for every caller that gives an equal key under
    /// `name`: data the same in every locale whose songs are in the same order (the library's
    /// search data), made again for a locale whose order differs. Callers wait for each other,
    /// so the second locale finds the first one's.
    func alike<T>(_ name: String, key: [String], _ make: () -> T) -> T {
        once(name) { Alike<T>() }.value(for: key, make)
    }

    /// The songs in `locale`'s title order, sorted by `sort` the first time it is asked for.
    func songsByTitle(locale: String, _ sort: () -> [Song]) -> [Song] {
        once("titles " + locale, sort)
    }

    /// `zone`'s offset changes in `year` (the same for every calendar file and locale).
    func observances(of zone: String, year: Int) -> [TimeZoneObservance] {
        once("zone \(zone) \(year)") { TimeZoneObservance.of(zone, year: year) }
    }
}

/// The values `SharedWork.alike` made under one name, by key; one lock for all of them.
private final class Alike<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var made: [(key: [String], value: T)] = []

    func value(for key: [String], _ make: () -> T) -> T {
        lock.withLock {
            if let known = made.first(where: { $0.key == key }) { return known.value }
            let value = make()
            made.append((key, value))
            return value
        }
    }
}

import Foundation
import LecternModel

/// Work that many pages of one build would each repeat, done once and shared by the threads
/// that render them: chords transposed into every key (10,000 song pages in two locales use a
/// few hundred distinct chord-and-key pairs), and the songs in each locale's title order (the
/// library, its search data and the usage CSV all list them). Made per build, never global.
final class SharedWork: @unchecked Sendable {
    private let lock = NSLock()
    private var spellings: [String: [String]] = [:]
    private var tables: [String: String] = [:]
    private var titleOrders: [String: [Song]] = [:]

    /// `chord` moved from `key` up 0…11 semitones, each spelled in its target key.
    func spellings(of chord: Chord, from key: MusicalKey) -> [String] {
        let memoKey = key.description + " " + chord.description
        if let known = locked({ spellings[memoKey] }) { return known }
        let computed = (0..<12).map { chord.transposed(from: key, to: key.transposed(by: $0)).description }
        locked { spellings[memoKey] = computed }
        return computed
    }

    /// A song's transpose table (JSON), made by `make` the first time its inputs are seen:
    /// songs in one key with the same chords and capo line share one.
    func transposeTable(key: String, _ make: () -> String) -> String {
        if let known = locked({ tables[key] }) { return known }
        let made = make()
        locked { tables[key] = made }
        return made
    }

    /// The songs in `locale`'s title order, sorted by `sort` the first time it is asked for.
    func songsByTitle(locale: String, _ sort: () -> [Song]) -> [Song] {
        if let known = locked({ titleOrders[locale] }) { return known }
        let sorted = sort()
        locked { titleOrders[locale] = sorted }
        return sorted
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

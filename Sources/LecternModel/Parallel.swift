import Foundation

/// Work spread over threads with deterministic results: each index's result goes to its own
/// slot, so the output is the same whatever the number of threads.
public enum Parallel {
    /// `transform(i)` for every `i` in `0..<count`, on up to `jobs` threads, in index order.
    public static func map<T: Sendable>(_ count: Int, jobs: Int, _ transform: @escaping @Sendable (Int) -> T) -> [T] {
        let slots = Slots<T>(count: count)
        let chunks = max(1, min(count, jobs * 8))
        let work = { @Sendable (chunk: Int) in
            var index = chunk
            while index < count {
                slots.set(index, transform(index))
                index += chunks
            }
        }
        if jobs <= 1 || count < 2 {
            for chunk in 0..<chunks { work(chunk) }
        } else {
            DispatchQueue.concurrentPerform(iterations: chunks, execute: work)
        }
        return slots.values
    }
}

/// One slot per index, each written by exactly one thread.
private final class Slots<T: Sendable>: @unchecked Sendable {
    private var slots: [T?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: T) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    var values: [T] { slots.map { $0! } }
}

import Foundation

/// Work spread over threads with deterministic results: each index's result goes to its own
/// slot, so the output is the same whatever the number of threads.
public enum Parallel {
    /// `transform(i)` for every `i` in `0..<count`, on up to `jobs` threads, in index order.
    /// The threads take the indices in small batches from one counter, so the work moves
    /// through the indices in order: work that neighbouring indices share (a song's page in
    /// each locale, planned side by side) is done close together in time, and whatever they
    /// keep for each other is let go soon.
    public static func map<T: Sendable>(_ count: Int, jobs: Int, _ transform: @escaping @Sendable (Int) -> T) -> [T] {
        let slots = Slots<T>(count: count)
        // Small enough to balance the threads at the end, large enough that taking a batch is rare.
        let batch = max(1, min(16, count / max(1, jobs * 32)))
        let work = { @Sendable (_: Int) in
            while let range = slots.nextBatch(of: batch) {
                for index in range { slots.set(index, transform(index)) }
            }
        }
        if jobs <= 1 || count < 2 {
            work(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: min(jobs, count), execute: work)
        }
        return slots.values
    }
}

/// One slot per index, each written by exactly one thread.
private final class Slots<T: Sendable>: @unchecked Sendable {
    private var slots: [T?]
    private let lock = NSLock()

    private var next = 0

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// The next `size` indices no thread has taken yet; nil when all are taken.
    func nextBatch(of size: Int) -> Range<Int>? {
        lock.lock()
        defer { lock.unlock() }
        guard next < slots.count else { return nil }
        let start = next
        next = min(slots.count, start + size)
        return start..<next
    }

    func set(_ index: Int, _ value: T) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    var values: [T] { slots.map { $0! } }
}

/// Work started on another thread now, its result waited for when needed: what the build can
/// do beside its main line (checking outputs while it plans, saving the parse cache while it
/// renders).
public final class Background<T: Sendable>: @unchecked Sendable {
    private let done = DispatchGroup()
    private var result: T?

    public init(_ work: @escaping @Sendable () -> T) {
        done.enter()
        DispatchQueue.global().async {
            self.result = work()
            self.done.leave()
        }
    }

    /// The work's result; waits for it.
    public var value: T {
        done.wait()
        return result!
    }
}

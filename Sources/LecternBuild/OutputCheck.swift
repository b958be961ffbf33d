import Foundation
import LecternWrite

/// Whether every output the record lists is still in place at its recorded size, found on
/// another thread while an incremental build reads and plans. Stating 46,000 outputs is a
/// tenth of a one-song edit, and the build needs the answer only before it trusts the outputs
/// it will not rewrite: the lyrics-only path asks before writing, the changed-pages path before
/// planning. A missing output sends the build down the full path, as if found first.
final class OutputCheck: @unchecked Sendable {
    private let done = DispatchGroup()
    private var missing: String?

    init(record: RecordLog, outputDirectory: String, jobs: Int) {
        done.enter()
        DispatchQueue.global().async {
            self.missing = record.firstMissingOutput(in: outputDirectory, jobs: jobs)
            self.done.leave()
        }
    }

    /// The first recorded output that is gone or has another size; waits for the check.
    var firstMissing: String? {
        done.wait()
        return missing
    }
}

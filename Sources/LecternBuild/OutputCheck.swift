import LecternModel
import LecternWrite

/// Whether every output the record lists is still in place at its recorded size, found on
/// another thread while an incremental build reads and plans. Stating 46,000 outputs is a
/// tenth of a one-song edit, and the build needs the answer only before it trusts the outputs
/// it will not rewrite: the lyrics-only path asks before writing, the changed-pages path before
/// planning. A missing output sends the build down the full path, as if found first.
final class OutputCheck: Sendable {
    private let check: Background<String?>

    init(record: RecordLog, outputDirectory: String, jobs: Int) {
        check = Background { record.firstMissingOutput(in: outputDirectory, jobs: jobs) }
    }

    /// The first recorded output that is gone or has another size; waits for the check.
    var firstMissing: String? { check.value }
}

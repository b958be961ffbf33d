import Foundation

/// With `LECTERN_TIMINGS=1` in the environment, the build prints how long each stage took to
/// stderr: where a slow build spends its time, without a profiler.
struct StageTimer {
    private let report: ((String) -> Void)?
    private var last = ContinuousClock.now

    init(environment: [String: String]) {
        report = environment["LECTERN_TIMINGS"] == "1" ? { FileHandle.standardError.write(Data(($0 + "\n").utf8)) } : nil
    }

    mutating func lap(_ stage: String) {
        guard let report else { return }
        let now = ContinuousClock.now
        let d = (now - last).components
        report(String(format: "lectern timing: %-10@ %7.1f ms", stage as NSString, Double(d.seconds) * 1000 + Double(d.attoseconds) / 1e15))
        last = now
    }
}

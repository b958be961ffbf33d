import Foundation
import LecternLoad

/// Notices changes to a site's inputs by polling: a fingerprint of every file's path, size and
/// modification time under `Content/` and `Themes/`. Polling needs no platform API and costs
/// little at preview sizes.
struct SourceWatcher {
    let siteRoot: String

    func fingerprint() -> [String: String] {
        var result: [String: String] = [:]
        for folder in ["Content", "Themes"] {
            let base = siteRoot + "/" + folder
            for rel in FileSystem.filesBelow(base) {
                let attributes = try? FileManager.default.attributesOfItem(atPath: base + "/" + rel)
                let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
                let time = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                result[folder + "/" + rel] = "\(size):\(time)"
            }
        }
        return result
    }
}

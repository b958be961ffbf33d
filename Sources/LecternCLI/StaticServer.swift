import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.1 file server for `lectern serve`: GET and HEAD of files under one folder,
/// bound to the loopback address only. Enough for previewing a site; not for the internet.
final class StaticServer: @unchecked Sendable {
    let root: String
    let port: UInt16
    private var listener: Int32 = -1

    init(root: String, port: UInt16) {
        self.root = URL(fileURLWithPath: root).standardizedFileURL.path
        self.port = port
    }

    enum StartError: Error, CustomStringConvertible {
        case socket(String)
        var description: String { if case .socket(let s) = self { return s }; return "" }
    }

    /// Binds 127.0.0.1:port; throws when the port is taken.
    func start() throws {
        // A parent that spawned us from a worker thread may have passed on a blocked SIGTERM or
        // SIGINT; a server must stop when asked to.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        sigprocmask(SIG_UNBLOCK, &signals, nil)
        listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw StartError.socket("cannot open a socket") }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else {
            close(listener)
            throw StartError.socket("cannot listen on 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
        }
    }

    /// Accepts connections until the process ends; each request is answered in turn.
    func run() -> Never {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 { continue }
            handle(client)
            close(client)
        }
    }

    private func handle(_ client: Int32) {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 8192)
        let n = recv(client, &buffer, buffer.count, 0)
        guard n > 0, let request = String(bytes: buffer[0..<n], encoding: .utf8),
              let line = request.split(separator: "\r\n").first else { return }
        let parts = line.split(separator: " ")
        guard parts.count >= 2 else { return respond(client, 400, "text/plain", Array("Bad request\n".utf8), head: false) }
        let method = String(parts[0])
        guard method == "GET" || method == "HEAD" else {
            return respond(client, 405, "text/plain", Array("Method not allowed\n".utf8), head: false)
        }
        guard let file = resolve(String(parts[1])), let body = FileManager.default.contents(atPath: file) else {
            return respond(client, 404, "text/plain; charset=utf-8", Array("Not found\n".utf8), head: method == "HEAD")
        }
        respond(client, 200, Self.contentType(file), [UInt8](body), head: method == "HEAD")
    }

    /// The file a request path names, never outside the served folder; a folder means its index.html.
    func resolve(_ target: String) -> String? {
        var path = String(target.split(separator: "?", maxSplits: 1).first ?? "")
        path = String(path.split(separator: "#", maxSplits: 1).first ?? "")
        guard let decoded = path.removingPercentEncoding, decoded.hasPrefix("/") else { return nil }
        let segments = decoded.split(separator: "/")
        guard !segments.contains(where: { $0 == ".." || $0.hasPrefix(".") }) else { return nil }
        var full = root + "/" + segments.joined(separator: "/")
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isDir) else { return nil }
        if isDir.boolValue { full += "/index.html" }
        return FileManager.default.fileExists(atPath: full) ? full : nil
    }

    private func respond(_ client: Int32, _ status: Int, _ type: String, _ body: [UInt8], head: Bool) {
        let reason = [200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed"][status] ?? "OK"
        let header = "HTTP/1.1 \(status) \(reason)\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\n"
            + "Cache-Control: no-cache\r\nConnection: close\r\n\r\n"
        var bytes = Array(header.utf8)
        if !head { bytes += body }
        var sent = 0
        while sent < bytes.count {
            let k = bytes[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if k <= 0 { return }
            sent += k
        }
    }

    static func contentType(_ path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "html": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js": return "text/javascript; charset=utf-8"
        case "json": return "application/json"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "webp": return "image/webp"
        case "mp3": return "audio/mpeg"
        case "ogg": return "audio/ogg"
        case "m4a": return "audio/mp4"
        case "txt": return "text/plain; charset=utf-8"
        case "ics": return "text/calendar; charset=utf-8"
        case "csv": return "text/csv; charset=utf-8"
        case "woff2": return "font/woff2"
        default: return "application/octet-stream"
        }
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `lectern serve` as a user runs it: a real process, real HTTP on the loopback address.
@Suite struct ServeTests {
    /// A plain HTTP/1.1 GET over a socket: status code and body, or nil when nothing answers.
    func get(port: Int, _ path: String) -> (status: Int, body: String)? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return nil }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            response += buffer[0..<n]
        }
        let text = String(decoding: response, as: UTF8.self)
        guard let statusLine = text.split(separator: "\r\n").first, statusLine.split(separator: " ").count >= 2,
              let status = Int(statusLine.split(separator: " ")[1]) else { return nil }
        let body = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
        return (status, body)
    }

    @Test func servesTheBuiltSiteAndRebuildsOnChange() throws {
        let binary = TestSite.repositoryRoot + "/.build/debug/lectern"
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build the lectern binary first")
        let site = try TestSite(withExample: true)
        let port = Int.random(in: 20_000...40_000)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve", "--site", site.root, "--port", String(port)]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { process.terminate(); process.waitUntilExit() }

        var home: (status: Int, body: String)?
        for _ in 0..<50 where home == nil {
            Thread.sleep(forTimeInterval: 0.2)
            home = get(port: port, "/index.html")
        }
        #expect(home?.status == 200)
        let song = get(port: port, "/songs/amazing-grace/")
        #expect(song?.status == 200)
        #expect(song?.body.contains("<title>Amazing Grace · Grace Chapel</title>") == true)
        #expect(get(port: port, "/no/such/page.html")?.status == 404)
        #expect(get(port: port, "/../../etc/passwd")?.status == 404)
        #expect(get(port: port, "/%2e%2e/%2e%2e/etc/passwd")?.status == 404)

        let path = "Content/songs/hymns/amazing-grace.md"
        try site.write(path, try #require(site.read(path)).replacingOccurrences(of: "title: Amazing Grace\n", with: "title: Amazing Grace (Live)\n"))
        var updated = false
        for _ in 0..<40 where !updated {
            Thread.sleep(forTimeInterval: 0.2)
            updated = get(port: port, "/songs/amazing-grace/index.html")?.body.contains("Amazing Grace (Live)") ?? false
        }
        #expect(updated)
    }
}

import ArgumentParser
import Foundation
import LecternBuild
import LecternLoad
import LecternModel

/// Runs `lectern` with the given arguments and returns the exit status:
/// 0 success, 1 content errors, 2 usage errors. In-process, so tests can drive it directly.
public enum CLI {
    public struct IO {
        public var out: (String) -> Void
        public var err: (String) -> Void
        public var environment: [String: String]
        public var currentDirectory: String
        /// The process ends when the command returns (the `lectern` program, not a test): a
        /// build may then leave its data unfreed (`BuildResult.retained`).
        public var exitsAfter = false

        public init(out: @escaping (String) -> Void, err: @escaping (String) -> Void,
                    environment: [String: String], currentDirectory: String) {
            self.out = out
            self.err = err
            self.environment = environment
            self.currentDirectory = currentDirectory
        }

        public static var standard: IO {
            var io = IO(out: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }, err: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
                        environment: ProcessInfo.processInfo.environment,
                        currentDirectory: FileManager.default.currentDirectoryPath)
            io.exitsAfter = true
            return io
        }
    }

    public static func run(_ arguments: [String], io: IO = .standard) -> Int32 {
        let command: ParsableCommand
        do {
            command = try LecternCommand.parseAsRoot(arguments)
        } catch {
            let code = LecternCommand.exitCode(for: error)
            let message = LecternCommand.fullMessage(for: error)
            if code == .success {
                io.out(message)
                return 0
            }
            io.err(message)
            return 2
        }
        switch command {
        case let build as BuildCommand: return runBuild(build, io: io)
        case let check as CheckCommand: return runCheck(check, io: io)
        case let serve as ServeCommand: return runServe(serve, io: io)
        default:
            io.out(LecternCommand.helpMessage())
            return 0
        }
    }

    private static func absolute(_ path: String?, relativeTo base: String) -> String? {
        guard let path else { return nil }
        return path.hasPrefix("/") ? path : base + "/" + path
    }

    private static func options(_ site: SiteOptions, output: String? = nil, profile: Profile? = nil,
                                write: Bool, io: IO) -> BuildOptions {
        let root = absolute(site.site, relativeTo: io.currentDirectory) ?? io.currentDirectory
        return BuildOptions(siteRoot: root, outputDirectory: absolute(output, relativeTo: io.currentDirectory),
                            profile: profile, date: site.date.flatMap { CalendarDate(iso: $0) },
                            environment: io.environment, writeOutput: write)
    }

    static func runBuild(_ command: BuildCommand, io: IO) -> Int32 {
        let start = ContinuousClock.now
        var buildOptions = options(command.siteOptions, output: command.output, profile: command.profile?.profile, write: true, io: io)
        if let jobs = command.jobs { buildOptions.jobs = jobs }
        buildOptions.clean = command.clean
        // On a terminal, a build that takes more than a second shows how far it has got.
        let meter = !command.quiet && isatty(STDERR_FILENO) == 1 ? ProgressMeter(start: start) : nil
        if let meter { buildOptions.progress = { done, total in meter.update(done, total) } }
        let result = Pipeline.run(buildOptions)
        meter?.finish()
        // Every diagnostic goes to stderr, one `path:line:column:` line each, warnings too.
        for d in result.diagnostics.sorted { io.err(d.description) }
        guard result.succeeded else {
            let output = result.writeFailed ? "some files may be written; the next build finishes the job" : "the output was left as it was"
            io.out("lectern: build failed with \(count(result.diagnostics.errors.count, "error")); \(output)")
            return 1
        }
        if command.explain {
            if let why = result.whyBuilt { io.out("built because \(why)") }
            if !result.skippedEverything { io.out("\(count(result.parsed, "file")) parsed; the others came from the parse cache") }
            for w in result.written { io.out("\(w.path): written because \(w.reason)") }
            for r in result.removed { io.out("\(r): removed because no input produces it any more") }
        }
        let seconds = Double((ContinuousClock.now - start).components.attoseconds) / 1e18
            + Double((ContinuousClock.now - start).components.seconds)
        var summary = "\(count(result.written.count, "page")) written, \(result.unchanged) unchanged, \(result.removed.count) removed in \(String(format: "%.2f", seconds))s"
        let warnings = result.diagnostics.warnings.count
        if warnings > 0 { summary += " (\(count(warnings, "warning")))" }
        io.out(summary)
        if io.exitsAfter { result.retained.leakAtExit() }
        return 0
    }

    static func runCheck(_ command: CheckCommand, io: IO) -> Int32 {
        let result = Pipeline.run(options(command.siteOptions, write: false, io: io))
        for d in result.diagnostics.sorted { io.err(d.description) }
        let e = result.diagnostics.errors.count, w = result.diagnostics.warnings.count
        io.out("lectern check: \(count(e, "error")), \(count(w, "warning"))")
        return e > 0 ? 1 : 0
    }

    /// Builds, serves `Output/` on 127.0.0.1, and rebuilds whenever an input changes.
    /// Returns only when the server cannot start.
    static func runServe(_ command: ServeCommand, io: IO) -> Int32 {
        let root = absolute(command.site, relativeTo: io.currentDirectory) ?? io.currentDirectory
        let options = BuildOptions(siteRoot: root, environment: io.environment)
        let rebuilder = Rebuilder(options: options, io: io)
        rebuilder.build()
        let server = StaticServer(root: options.outputDirectory, port: UInt16(command.port))
        do {
            try server.start()
        } catch {
            io.err("lectern: \(error)")
            return 1
        }
        io.out("Serving \(options.outputDirectory) at http://127.0.0.1:\(command.port)/ — press Ctrl-C to stop")
        let watcher = SourceWatcher(siteRoot: root)
        let serial = DispatchQueue(label: "lectern.serve.rebuild")
        serial.async {
            var last = watcher.fingerprint()
            while true {
                Thread.sleep(forTimeInterval: 0.5)
                let now = watcher.fingerprint()
                if now != last {
                    last = now
                    rebuilder.build()
                }
            }
        }
        server.run()
    }

    /// One build of the served site; used from the watcher's queue only after the first.
    private final class Rebuilder: @unchecked Sendable {
        let options: BuildOptions
        let io: IO

        init(options: BuildOptions, io: IO) {
            self.options = options
            self.io = io
        }

        func build() {
            let result = Pipeline.run(options)
            for d in result.diagnostics.sorted { io.err(d.description) }
            io.out(result.succeeded
                ? "lectern serve: \(CLI.count(result.written.count, "page")) written, \(result.unchanged) unchanged"
                : "lectern serve: the build failed; still serving the previous output")
        }
    }

    fileprivate static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}

/// "Rendering 1200/20000 pages" on one terminal line, shown once a build has run a second.
final class ProgressMeter: @unchecked Sendable {
    private let start: ContinuousClock.Instant
    private let lock = NSLock()
    private var shown = false
    private var lastDraw = ContinuousClock.now

    init(start: ContinuousClock.Instant) { self.start = start }

    func update(_ done: Int, _ total: Int) {
        lock.lock()
        defer { lock.unlock() }
        let now = ContinuousClock.now
        guard now - start > .seconds(1), !shown || now - lastDraw > .milliseconds(100) || done == total else { return }
        shown = true
        lastDraw = now
        FileHandle.standardError.write(Data("\rRendering \(done)/\(total) pages".utf8))
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}

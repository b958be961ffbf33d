import ArgumentParser
import LecternModel

/// The command line, as the contract in shared/spec/cli-and-output.md gives it.
struct LecternCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lectern",
        abstract: "Build songs, services and shoot lists into a static site for projection and the web.",
        subcommands: [BuildCommand.self, CheckCommand.self, ServeCommand.self])
}

struct SiteOptions: ParsableArguments {
    @Option(help: "The site folder (holding Content/). Default: the current directory.")
    var site: String?

    @Option(help: ArgumentHelp("The build date, YYYY-MM-DD (else SOURCE_DATE_EPOCH, else today).", valueName: "YYYY-MM-DD"))
    var date: String?

    func validate() throws {
        if let date, CalendarDate(iso: date) == nil {
            throw ValidationError("--date must be a date YYYY-MM-DD, not '\(date)'")
        }
    }
}

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "build", abstract: "Build the site into the output folder.")

    @OptionGroup var siteOptions: SiteOptions

    @Option(help: "Where to write the site. Default: <site>/Output.")
    var output: String?

    @Option(help: "display (everything) or public (for the church website). Default: site.yaml's profile:, else display.")
    var profile: ProfileArgument?

    @Flag(help: "Ignore what earlier builds left and build everything.")
    var clean = false

    @Flag(help: "Say, for each output written or removed, why.")
    var explain = false

    @Option(help: "How many pages to render at once.")
    var jobs: Int?

    @Flag(help: "Print only the summary line and problems.")
    var quiet = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more") }
    }
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check", abstract: "Report every error and warning without writing anything.")

    @OptionGroup var siteOptions: SiteOptions
}

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Build the site, serve it on this computer, and rebuild when a file changes.")

    @Option(help: "The site folder (holding Content/). Default: the current directory.")
    var site: String?

    @Option(help: "The port on 127.0.0.1 to serve on.")
    var port: Int = 8080

    func validate() throws {
        if !(1...65535).contains(port) { throw ValidationError("--port must be between 1 and 65535") }
    }
}

enum ProfileArgument: String, ExpressibleByArgument, CaseIterable {
    case display, `public`
    var profile: Profile { self == .display ? .display : .public }
}

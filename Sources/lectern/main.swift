import Foundation
import LecternCLI

exit(CLI.run(Array(CommandLine.arguments.dropFirst())))

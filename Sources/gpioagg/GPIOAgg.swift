import CommandParsing
import GPIOLibgpiod

/// `gpioagg`: the command line. With no subcommand it runs the daemon (`run`).
@main
struct GPIOAgg: CommandGroup {
    static let version = "0.1.0"

    static let help = CommandHelp(
        name: "gpioagg",
        abstract: "Aggregate GPIO inputs into derived signals that drive output lines.",
        discussion: """
            Inputs read through libgpiod become Combine publishers; signals combine them \
            (all, any, none, toggle, sample, zip); signals drive output lines.

            Try it without hardware:  gpioagg --simulate
            """
    )

    static var subcommands: [Subcommand] {
        [
            .command(Run.self), .command(Detect.self), .command(Info.self), .command(Status.self),
            .command(Set.self), .group(Sim.self), .command(Why.self), .command(Check.self), .command(Test.self),
        ]
    }

    static var defaultSubcommand: (any Command.Type)? { Run.self }

    static var versionText: String {
        "gpioagg \(version) (libgpiod \(LibgpiodBackend.libraryVersion), API v\(LibgpiodBackend.apiGeneration))"
    }

    static func main() {
        main(CommandLine.arguments.dropFirst(), version: versionText)
    }
}

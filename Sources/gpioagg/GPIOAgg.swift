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
            (all, any, none, not, at_least, toggle, latch, click, sample, zip, with \
            on_delay, off_delay and within; times of day with between and at; numbers with mean, min, max, sum, difference, \
            count, rate and scale, and threshold and unavailable back to a level); signals drive output lines. docs/CONFIG.md \
            describes each form.

            Try it without hardware:  gpioagg --simulate
            """
    )

    static var subcommands: [Subcommand] {
        [
            .command(Run.self), .command(Detect.self), .command(Info.self), .command(Status.self),
            .command(Set.self), .group(Sim.self), .command(Why.self), .command(Check.self), .command(Test.self),
            .command(Safe.self),
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

import ArgumentParser
import GPIOLibgpiod

/// `gpioagg`: the command line. With no subcommand it runs the daemon (`run`).
@main
struct GPIOAgg: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "gpioagg",
        abstract: "Aggregate GPIO inputs into derived signals that drive output lines.",
        discussion: """
            Inputs read through libgpiod become Combine publishers; signals combine them \
            (all, any, none, toggle, sample, zip); signals drive output lines.

            Try it without hardware:  gpioagg --simulate
            """,
        version: "gpioagg \(version) (libgpiod \(LibgpiodBackend.libraryVersion), "
            + "API v\(LibgpiodBackend.apiGeneration))",
        subcommands: [Run.self, Detect.self, Info.self, Status.self, Sim.self, Check.self],
        defaultSubcommand: Run.self
    )
}

@preconcurrency import Glibc
import GPIOLibgpiod

/// `gpioagg`: the command line. With no subcommand it runs the daemon (`run`).
@main
struct GPIOAgg: CommandGroup {
    static let version = "0.1.0"

    static let help = CommandHelp(
        name: "",
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
            .group(Sim.self), .command(Check.self),
        ]
    }

    static var defaultSubcommand: (any Command.Type)? { Run.self }

    static var versionText: String {
        "gpioagg \(version) (libgpiod \(LibgpiodBackend.libraryVersion), API v\(LibgpiodBackend.apiGeneration))"
    }

    static func main() {
        let invocation: Invocation
        do throws(UsageError) {
            invocation = try Invocation(CommandLine.arguments.dropFirst(), root: GPIOAgg.self)
        } catch {
            failUsage(error)
        }
        switch invocation {
        case .print(let text):
            print(text)
        case .run(let command):
            do {
                try command.run()
            } catch let code as ExitCode {
                exit(code.status)
            } catch let error as UsageError {
                failUsage(error.reading(type(of: command).help))
            } catch {
                printError("gpioagg: error: \(error)")
                exit(1)
            }
        }
    }

    private static func failUsage(_ error: UsageError) -> Never {
        for line in error.report { printError(line) }
        exit(UsageError.status)
    }
}

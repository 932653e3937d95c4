#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension CommandGroup {
    /// Reads `words` through this group's commands and runs the one they name, as a
    /// program's `main` does: help or the version is printed; a `UsageError` is reported
    /// with its usage line and exits 64; an `ExitCode` a command throws ends the process
    /// with that status, any other error with 1. Returns when the command returned.
    ///
    /// ```swift
    /// @main
    /// enum Lamp: CommandGroup {
    ///     ...
    ///     static func main() { main(CommandLine.arguments.dropFirst(), version: "lamp 1.0") }
    /// }
    /// ```
    public static func main(_ words: ArraySlice<String>, version: String) {
        let invocation: Invocation
        do throws(UsageError) {
            invocation = try Invocation(words, root: self, version: version)
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
                printError("error: \(error)")
                exit(1)
            }
        }
    }

    private static func failUsage(_ error: UsageError) -> Never {
        for line in error.report { printError(line) }
        exit(UsageError.status)
    }
}

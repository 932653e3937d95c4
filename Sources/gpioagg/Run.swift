@preconcurrency import Glibc
import ArgumentParser
import Dispatch

extension GPIOAgg {
    /// `gpioagg run`: runs the signal graph.
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run the signal graph (the default subcommand).",
            discussion: """
                With --simulate, runs the embedded demo on simulated lines: three \
                switches and a ready LED that is on only while all three are on. Type \
                commands on standard input, one per line:

                  on NAME | off NAME | toggle NAME   set a switch (or 1, 2, 3 to toggle)
                  status                             print every line's level
                  quit                               outputs to their safe state, exit

                End of input and SIGINT/SIGTERM also put the outputs in their safe \
                state and exit.
                """
        )

        @Flag(help: "Use simulated GPIO lines instead of the kernel's.")
        var simulate = false

        func validate() throws {
            guard simulate else {
                throw ValidationError("""
                    this build drives simulated lines only: run 'gpioagg --simulate'. \
                    Hardware lines through libgpiod are not available yet.
                    """)
            }
        }

        func run() throws {
            setvbuf(stdout, nil, _IOLBF, 0)
            // Commands and signals both act on the demo from this one queue.
            let queue = DispatchQueue(label: "gpioagg.demo")
            let demo = SimulatedDemo(log: { print($0) }, warn: { fputs($0 + "\n", stderr) })
            let stopDemo = { @Sendable (reason: String) in
                ServiceManager.notify(["STOPPING=1"])
                demo.stop(reason: reason)
            }
            // Handlers are in place before anyone is told the service is ready.
            let stop = SignalStop(signals: [SIGINT, SIGTERM], queue: queue) { signal in
                stopDemo(signal == SIGINT ? "SIGINT" : "SIGTERM")
                Glibc.exit(0)
            }
            defer { withExtendedLifetime(stop) {} }
            queue.sync { demo.start() }
            ServiceManager.notify(["READY=1", "STATUS=simulating 3 inputs and 1 output"])
            while let line = readLine() {
                if queue.sync(execute: { demo.handle(command: line) }) == .quit {
                    queue.sync { stopDemo("quit") }
                    return
                }
            }
            queue.sync { stopDemo("end of input") }
        }
    }
}

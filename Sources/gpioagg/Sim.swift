import CommandParsing
import Control
import Service

extension GPIOAgg {
    /// `gpioagg sim`: drives the simulated inputs of a daemon started with `--simulate`.
    enum Sim: CommandGroup {
        static let help = CommandHelp(
            name: "gpioagg sim",
            abstract: "Set, toggle or pulse a simulated input of the running daemon, or set a numeric one.",
            discussion: """
                Only a daemon started with --simulate obeys; it logs each change like \
                its own console commands do. Each command returns once the daemon's \
                engine has the change (after the input's debounce period; for a pulse, \
                once it has started), so a 'gpioagg status' right after shows it; \
                --no-wait returns as soon as the line has moved. A numeric input takes \
                a reading, or unavailable, through the engine at once.

                  gpioagg sim set switch1 on
                  gpioagg sim toggle switch2
                  gpioagg sim pulse switch3 --for 50ms
                  gpioagg sim set t_north 27.5
                """
        )

        static var subcommands: [Subcommand] {
            [.command(SetLevel.self), .command(Toggle.self), .command(Pulse.self)]
        }

        static let inputArgument = ArgumentSpec("name", help: "The input, as named in the config.")

        static let simOptions: [OptionSpec] = [
            .flag("no-wait", help: "Return once the line has moved, without waiting for the engine to see it."),
        ] + ControlOptions.options

        /// Sends one sim request; an error reply or a failure to reach the daemon exits 1.
        static func send(name: String, action: SimAction, control: ControlOptions, wait: Bool) throws {
            try control.sendExpectingOK(.sim(name: name, action: action, wait: wait), what: "sim", name: name)
        }
    }
}

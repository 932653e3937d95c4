import ArgumentParser
import Config
import Control

extension GPIOAgg {
    /// `gpioagg sim`: drives the simulated inputs of a daemon started with `--simulate`.
    struct Sim: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set, toggle or pulse a simulated input of the running daemon.",
            discussion: """
                Only a daemon started with --simulate obeys; it logs each change like \
                its own console commands do.

                  gpioagg sim set switch1 on
                  gpioagg sim toggle switch2
                  gpioagg sim pulse switch3 --for 50ms
                """,
            subcommands: [SetLevel.self, Toggle.self, Pulse.self]
        )

        /// Sends one sim request; an error reply or a failure to reach the daemon exits 1.
        static func send(name: String, action: SimAction, control: ControlOptions) throws {
            let reply: ControlReply
            do throws(ControlError) {
                reply = try control.client.send(.sim(name: name, action: action))
            } catch {
                throw exitReporting(error)
            }
            switch reply {
            case .ok:
                return
            case .failure(let message):
                printError("gpioagg: error: \(message)")
                throw ExitCode(1)
            case .status:
                throw exitReporting(.invalidReply("levels in the reply to sim"))
            }
        }

        /// `gpioagg sim set NAME on|off`.
        struct SetLevel: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "set", abstract: "Set a simulated input on or off.")

            @Argument(help: "The input, as named in the config.")
            var name: String

            @Argument(help: ArgumentHelp("on or off.", valueName: "on|off"))
            var level: Level

            @OptionGroup var control: ControlOptions

            func run() throws {
                try Sim.send(name: name, action: .set(level == .on), control: control)
            }
        }

        /// `gpioagg sim toggle NAME`.
        struct Toggle: ParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Invert a simulated input.")

            @Argument(help: "The input, as named in the config.")
            var name: String

            @OptionGroup var control: ControlOptions

            func run() throws {
                try Sim.send(name: name, action: .toggle, control: control)
            }
        }

        /// `gpioagg sim pulse NAME --for 50ms`.
        struct Pulse: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Invert a simulated input, then restore it after a while.")

            @Argument(help: "The input, as named in the config.")
            var name: String

            @Option(name: .customLong("for"), help: ArgumentHelp(
                "How long: a number with a unit, ns, us, ms or s (50ms, 1.5s, 500us).", valueName: "duration"),
                transform: Sim.pulseLength)
            var length: Duration

            @OptionGroup var control: ControlOptions

            func run() throws {
                try Sim.send(name: name, action: .pulse(length), control: control)
            }
        }
    }
}

extension GPIOAgg.Sim {
    /// `on` or `off`.
    enum Level: String, ExpressibleByArgument, CaseIterable {
        case on, off
    }

    /// A pulse length, in the config file's duration grammar (`DurationText`): `50ms`,
    /// `1.5s`, `500us`.
    static func pulseLength(_ text: String) throws -> Duration {
        switch DurationText.parse(text) {
        case .invalid(let message, let hint):
            throw ValidationError("\(message): \(hint)")
        case .value(let length):
            guard length >= SimAction.shortestPulse, length <= SimAction.longestPulse else {
                throw ValidationError("'\(text)' is out of range: a pulse lasts from 1us to 3600s")
            }
            return length
        }
    }
}

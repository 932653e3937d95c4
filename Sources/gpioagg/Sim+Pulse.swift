import CommandParsing
import Config
import Control
import Service

extension GPIOAgg.Sim {
    /// `gpioagg sim pulse NAME --for 50ms`.
    struct Pulse: Command {
        static let help = CommandHelp(
            name: "gpioagg sim pulse",
            abstract: "Invert a simulated input, then restore it after a while.",
            arguments: [inputArgument],
            options: [
                .option("for", valueName: "duration",
                        help: "How long: a number and a unit, as in the config file; units: "
                            + DurationText.unitNames.joined(separator: ", ") + " (50ms, 1.5s, 1m30s).",
                        isRequired: true),
            ] + simOptions
        )

        let name: String
        let length: Duration
        let control: ControlOptions
        let wait: Bool

        init(parsing arguments: ParsedArguments) throws(UsageError) {
            name = arguments.positional(0) ?? ""
            length = try GPIOAgg.Sim.pulseLength(arguments.value("for") ?? "")
            control = ControlOptions(arguments)
            wait = !arguments.flag("no-wait")
        }

        func run() throws {
            try GPIOAgg.Sim.send(name: name, action: .pulse(length), control: control, wait: wait)
        }
    }

    /// A pulse length, in the config file's duration grammar (`DurationText`): `50ms`,
    /// `1.5s`, `500us`.
    static func pulseLength(_ text: String) throws(UsageError) -> Duration {
        switch DurationText.parse(text) {
        case .invalid(let message, let hint):
            throw UsageError("\(message): \(hint)")
        case .value(let length):
            guard length >= SimAction.shortestPulse, length <= SimAction.longestPulse else {
                throw UsageError("'\(text)' is out of range: a pulse lasts from "
                    + "\(ReadableDuration.format(SimAction.shortestPulse)) to \(ReadableDuration.format(SimAction.longestPulse))")
            }
            return length
        }
    }
}

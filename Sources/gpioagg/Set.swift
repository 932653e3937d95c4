import CommandParsing
import Control
import Service
import Values

extension GPIOAgg {
    /// `gpioagg set NAME on|off|toggle|press|NUMBER`: a command input or a command output
    /// of the running daemon; `gpioagg set NAME open|close|stop|POSITION`: a cover.
    struct Set: Command {
        static let help = CommandHelp(
            name: "gpioagg set",
            abstract: "Set a command input (command: true) of the running daemon on, off, toggle it, press a pressed one, or set a numeric one; open, close or stop a cover, or send it to a position; set a PWM output's percentage.",
            discussion: """
                Command inputs have no line: the config declares them with command: true, \
                and MQTT, Home Assistant and this command set them. An input with \
                type: number takes a decimal number within its min: and max:, and the \
                daemon answers with its new value. An input declared command: press is \
                pressed, never set: each press activates it once, as a click.

                  gpioagg set override on
                  gpioagg set override toggle
                  gpioagg set gate_open press
                  gpioagg set setpoint 21.5

                A cover (covers:) takes open, close or stop, and one on two motors a \
                position from 0 (closed) to 100 (open). A command with nothing to do \
                (open on a door already open) is answered with why.

                  gpioagg set garage_door open
                  gpioagg set blinds 40

                A PWM output with command: true (a dimmable light, a fan) takes its duty \
                cycle in percent, from 0 to 100 (1 and 0 are percentages here), or on \
                (its last duty cycle above 0, 100 when there was none), off or toggle; \
                the daemon answers with its new percentage.

                  gpioagg set strip 40
                  gpioagg set strip on
                """,
            arguments: [ArgumentSpec("name", help: "The command input, output (command: true or override: true, a PWM one too) or cover, as named in the config."),
                        ArgumentSpec("on|off|toggle|press|auto|number",
                                     help: "The new value (true, false, 1 and 0 too); press for command: press; a number for type: number; "
                                         + "open, close, stop or a position for a cover; a percentage, on, off or toggle for a PWM output; "
                                         + "auto, on or off for an output with override: true.")],
            options: ControlOptions.options
        )

        let name: String
        let value: SetValue
        let control: ControlOptions

        init(parsing arguments: ParsedArguments) throws(UsageError) {
            name = arguments.positional(0) ?? ""
            let text = arguments.positional(1) ?? ""
            // The daemon knows whether the input is a level or a number: send what was written.
            guard let value = SetValue(text) else {
                throw UsageError("'\(text)' is not a value: "
                    + (LevelWord.meaningHint(for: text) ?? "write on, off, toggle or press, or a number; for a cover, open, close or stop; "
                        + "for an output with override: true, auto, on or off"))
            }
            self.value = value
            control = ControlOptions(arguments)
        }

        func run() throws {
            try control.sendExpectingOK(.set(name: name, value: value), what: "set", name: name)
        }
    }
}

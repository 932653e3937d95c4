/// A command input in `gpioagg check`.
extension ConfigSummary {
    /// `command (MQTT /set, gpioagg set), initial off, persist`, or a pressed input's line.
    static func commandInput(_ input: CommandInputDeclaration) -> String {
        if input.momentary { return "pressed (command: press; MQTT /set PRESS, gpioagg set press)" }
        return "command (MQTT /set, gpioagg set), "
            + (input.number.map(numberCommand) ?? "initial \(ConfigText.onOff(input.initial))")
            + (input.persist ? ", persist" : "")
            + (input.number.map { ", " + ConfigText.number($0.number) } ?? "")
    }

    /// `number, initial 21, min 5, max 30, step 0.5, mode slider`: what is given.
    private static func numberCommand(_ number: NumberCommandDeclaration) -> String {
        "number, initial \(ConfigText.decimal(number.initial))"
            + (number.minimum.map { ", min \(ConfigText.decimal($0))" } ?? "")
            + (number.maximum.map { ", max \(ConfigText.decimal($0))" } ?? "")
            + (number.step.map { ", step \(ConfigText.decimal($0))" } ?? "")
            + (number.mode.map { ", mode \($0.rawValue)" } ?? "")
    }
}

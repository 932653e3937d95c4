import Config

/// Which names of a configuration hold numbers, with their unit and precision, and which
/// hold levels: what a test file's values are read against (`1` is on for a level and
/// one for a number) and what a number is compared and shown with.
struct NumericNodes: Sendable {
    enum Kind {
        case level, number, cover
    }

    /// Each numeric input's and signal's unit, precision and filters.
    private(set) var declarations: [String: NumberDeclaration] = [:]
    /// The numeric command inputs: their `min:` and `max:` apply to `set:`.
    private(set) var commandInputs: Set<String> = []
    private var levels: Set<String> = []
    /// The pressed inputs (`command: press`): `set:` presses them.
    private(set) var pressed: Set<String> = []
    /// The PWM outputs: numbers in %, which `set:` also turns on or off.
    private(set) var pwmOutputs: Set<String> = []
    /// The covers: `set:` tells them open, close, stop or a position, `expect:` reads
    /// their state or position.
    private(set) var covers: Set<String> = []

    init(_ configuration: Configuration) {
        for input in configuration.commandInputs {
            if let number = input.number {
                declarations[input.name] = number.number
                commandInputs.insert(input.name)
            } else {
                levels.insert(input.name)
                if input.momentary { pressed.insert(input.name) }
            }
        }
        for input in configuration.remoteInputs {
            if let number = input.number { declarations[input.name] = number.number } else { levels.insert(input.name) }
        }
        for input in configuration.sensorInputs { declarations[input.name] = input.number }
        for signal in configuration.signals {
            if let number = signal.number { declarations[signal.name] = number } else { levels.insert(signal.name) }
        }
        levels.formUnion(configuration.inputs.map(\.name))
        levels.formUnion(configuration.outputs.map(\.name))
        for output in configuration.pwmOutputs {
            declarations[output.name] = NumberDeclaration(unit: "%", precision: PWMOutputDeclaration.precision)
            pwmOutputs.insert(output.name)
        }
        covers = Set(configuration.covers.map(\.name))
    }

    /// nil for a name the configuration does not have.
    func kind(of name: String) -> Kind? {
        declarations[name] != nil ? .number : levels.contains(name) ? .level : covers.contains(name) ? .cover : nil
    }
}

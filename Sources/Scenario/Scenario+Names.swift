import Config

extension Scenario {
    /// The names the steps use that `configuration` does not have where the step needs
    /// them, each at the name, with the nearest names suggested: `set`, `toggle` and
    /// `pulse` move inputs (`set` also commands an output with `command: true` and gives a
    /// counter its total, as `gpioagg set` does); `expect`, `expect_active` and `expect_quiet` read inputs,
    /// signals and outputs.
    ///
    /// ```
    /// garage.test.yaml:4:15: error: unknown name 'light_rely' in expect:
    /// hint: did you mean 'light_relay'?
    /// ```
    public func nameErrors(against configuration: Configuration) -> [ConfigError] {
        let inputs = configuration.inputs.map(\.name) + configuration.commandInputs.map(\.name)
            + configuration.remoteInputs.map(\.name) + configuration.sensorInputs.map(\.name)
        let signals = configuration.signals.map(\.name)
        let outputs = configuration.outputNames
        let covers = configuration.covers.map(\.name)
        let all = inputs + signals + outputs + covers
        // set: tells covers too.
        let inputSet = Set(inputs + covers)
        // set: also commands an output with command: true and gives a counter its total,
        // as gpioagg set does.
        let counters = configuration.signals.filter { if case .count = $0.expression { true } else { false } }.map(\.name)
        let commandOutputs = Set(configuration.outputs.filter { $0.command || $0.override }.map(\.name)
                                 + configuration.pwmOutputs.filter(\.command).map(\.name) + counters)
        let allSet = Set(all)
        var errors: [ConfigError] = []

        func checkInput(_ name: String, at location: SourceLocation, in step: String) {
            guard !inputSet.contains(name) else { return }
            let listed = "inputs: " + Self.list(inputs)
            if allSet.contains(name) {
                let kind = signals.contains(name) ? "a signal" : covers.contains(name) ? "a cover" : "an output"
                errors.append(ConfigError(location: location, message: "'\(name)' is \(kind), not an input: \(step) moves inputs",
                                          hint: listed))
                return
            }
            let hint = NearestNames.didYouMean(name, among: inputs, list: listed)
            errors.append(ConfigError(location: location, message: "unknown input '\(name)' in \(step)", hint: hint))
        }

        func checkName(_ name: String, at location: SourceLocation, in step: String) {
            guard !allSet.contains(name) else { return }
            let what = "\(step) names an input, a signal, an output or a cover of \(configuration.file)"
            errors.append(ConfigError(location: location, message: "unknown name '\(name)' in \(step)",
                                      hint: NearestNames.didYouMean(name, among: all) ?? what))
        }

        let lineInputs = configuration.inputs.map(\.name)
        for value in initial where !lineInputs.contains(value.name) {
            if allSet.contains(value.name) {
                errors.append(ConfigError(location: value.location,
                                          message: "'\(value.name)' is not a line input: initial: holds lines before start",
                                          hint: "a command input starts at its config's initial:; set it in the first step "
                                              + "(line inputs: \(Self.list(lineInputs)))"))
            } else {
                errors.append(ConfigError(location: value.location, message: "unknown line input '\(value.name)' in initial:",
                                          hint: NearestNames.didYouMean(value.name, among: lineInputs,
                                                                        list: "line inputs: " + Self.list(lineInputs))))
            }
        }
        for step in steps {
            switch step.action {
            case .set(let levels):
                for level in levels where !commandOutputs.contains(level.name) {
                    checkInput(level.name, at: level.location, in: "set:")
                }
            case .toggle(let names):
                for name in names { checkInput(name.name, at: name.location, in: "toggle:") }
            case .pulse(let pulses):
                for pulse in pulses { checkInput(pulse.name, at: pulse.location, in: "pulse:") }
            case .pulses(let trains):
                for train in trains { checkInput(train.name, at: train.location, in: "pulses:") }
            case .wait, .clock, .restart:
                break
            case .remote, .broker:
                // Topics and nodes: remoteErrors(against:).
                break
            case .expect(let levels):
                for level in levels { checkName(level.name, at: level.location, in: "expect:") }
            case .expectActive(let names):
                for name in names { checkName(name.name, at: name.location, in: "expect_active:") }
            case .expectQuiet(let names):
                for name in names { checkName(name.name, at: name.location, in: "expect_quiet:") }
            }
        }
        return errors
    }

    /// `a, b, c`, or the first few and how many more.
    private static func list(_ names: [String], limit: Int = 10) -> String {
        guard !names.isEmpty else { return "none" }
        let shown = names.prefix(limit).joined(separator: ", ")
        return names.count > limit ? shown + " and \(names.count - limit) more" : shown
    }
}

import GPIO
import GPIOSimulated

extension Engine {
    /// Sets a simulated input to a logical value (`true` is on, whatever its
    /// `active` setting), as if its switch moved. The engine sees the edge like any
    /// other: debounce and all.
    ///
    /// ```swift
    /// try engine.setSimulatedInput("switch1", true)
    /// ```
    public func setSimulatedInput(_ name: String, _ value: Bool) throws(EngineError) {
        let (chip, line) = try simulatedLine(name)
        chip.setActive(line, value)
    }

    /// Inverts a simulated input's logical value.
    public func toggleSimulatedInput(_ name: String) throws(EngineError) {
        let (chip, line) = try simulatedLine(name)
        chip.toggle(line)
    }

    /// Inverts a simulated input's logical value, then restores it once `duration` has
    /// passed on the engine's scheduler.
    ///
    /// ```swift
    /// try engine.pulseSimulatedInput("doorbell", for: .milliseconds(100))
    /// ```
    public func pulseSimulatedInput(_ name: String, for duration: Duration) throws(EngineError) {
        let (chip, line) = try simulatedLine(name)
        let before = chip.level(of: line) ?? false
        chip.set(line, high: !before)
        host.schedule(atNanoseconds: host.now &+ duration.wholeNanoseconds) {
            chip.set(line, high: before)
        }
    }

    /// A simulated input's logical level on its chip now (`true` is on), which the
    /// engine's own value (`snapshot().inputs`) reaches once debounce has let it through.
    public func simulatedInputLevel(_ name: String) throws(EngineError) -> Bool {
        let (chip, line) = try simulatedLine(name)
        let activeLow = inputs.first { $0.name == name }?.declaration.activeLow ?? false
        return (chip.level(of: line) ?? false) != activeLow
    }

    /// The simulated chip and line of a running input.
    private func simulatedLine(_ name: String) throws(EngineError) -> (SimulatedChip, LineLocator) {
        guard state == .running else { throw EngineError(.notRunning) }
        guard let input = inputs.first(where: { $0.name == name }) else {
            throw EngineError(.unknownName(name, expected: "input", known: inputs.map(\.name)))
        }
        let declaration = input.declaration
        guard let locator = configuration.chips.first(where: { $0.name == declaration.chip })?.locator,
              let chip = simulation?.simulatedChip(locator)
        else {
            throw EngineError(.notSimulated(name), at: declaration.location)
        }
        return (chip, .offset(input.offset))
    }
}

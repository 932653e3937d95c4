import Values

/// An output with `command: true` takes on, off and toggle; one with `override: true`
/// auto, on and off; one that only follows what it follows takes nothing from outside.
/// Its value is what is on the line.
extension OutputLine: EngineNode {
    var id: NodeID { .output(declaration.name) }

    func value(at now: UInt64) -> NodeValue { .level(written) }

    func set(_ value: SetValue?, word: String, in engine: Engine) throws(SetRefusal) -> SetOutcome {
        if let override {
            guard let mode = value?.overrideMode else {
                throw SetRefusal(.value, "'\(name)' has an override: write \(OverrideMode.words)")
            }
            let before = (written, override.mode)
            guard engine.event({ override.choose(mode, at: engine.loop.now) }) != nil else { throw .notRunning }
            // A new mode that leaves the line as it was (once settled and written) is
            // news only to what keeps it.
            if written == before.0, mode != before.1 { propagation?.reportAgain(self) }
            return .applied(.level(written), precision: 0)
        }
        guard declaration.command else {
            throw .notSettable("'\(name)' is an output that follows \(declaration.follows ?? "nothing")",
                               only: "only outputs with command: true can be set")
        }
        guard let command = value?.command, command.applies(toMomentary: false) else {
            throw SetRefusal(.value, SetCommand.takes(momentary: false, name: name))
        }
        guard engine.event({ apply(command) }) != nil else { throw .notRunning }
        return .applied(.level(written), precision: 0)
    }

    /// Commands it (`command: true`): `on` and `off` hold until what it follows next
    /// changes; `toggle` inverts the line's value (what Home Assistant's switch shows);
    /// `on` on an output with `pulse` pulses it again. Its pulse, max_on and interlock
    /// apply as to what it follows. `press`, or an output without `command: true`, changes
    /// nothing. The line is written when the event ends.
    func apply(_ command: SetCommand) {
        guard let node = self.command else { return }
        switch command {
        case .on: node.set(true)
        case .off: node.set(false)
        case .toggle: node.set(!written)
        case .press: break
        }
    }
}

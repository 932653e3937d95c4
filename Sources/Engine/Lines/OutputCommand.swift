import Reactive

/// Output `command: true`: what commands set (`gpioagg set`, its MQTT `/set`, Home
/// Assistant's switch) and, with `follows`, what it follows. A command holds until what
/// the output follows next changes; from then on it follows again (a motion light with a
/// wall switch). Without `follows`, only commands set it.
///
/// It comes before the output's `pulse` and `max_on`, and its interlock: a command is
/// one more source of the same activations. With `pulse`, `on` while it is already on
/// activates again, so that every "open" pulses the relay.
final class OutputCommand {
    /// What the output's timing is bound to.
    let level: Level
    /// A command holds the value, not what the output follows.
    private(set) var isHolding: Bool
    private let retriggers: Bool
    /// The value the followed level sends on subscription is the start, not a change:
    /// it does not end a command held from before (a kept value, a reload's).
    private var heardStart = false

    /// - Parameters:
    ///   - holding: a value a command holds at start (the engine a reload replaces, a
    ///     kept value); nil: what it follows, or off with nothing to follow.
    ///   - retriggers: the output pulses: `on` while on activates again.
    init(holding: Bool?, retriggers: Bool) {
        level = Level(holding ?? false)
        isHolding = holding != nil
        self.retriggers = retriggers
    }

    /// Follows `source`: its value at start unless a command holds, then each change,
    /// which ends any command.
    func attach(to source: Level) -> AnyCancellable {
        source.react { [unowned self] on in
            if !heardStart {
                heardStart = true
                if isHolding { return }
            }
            isHolding = false
            if level.value != on { level.send(on) }
        }
    }

    /// A command: holds `on` until what the output follows next changes.
    func set(_ on: Bool) {
        isHolding = true
        if on, level.value, retriggers {
            level.send(false)
            level.send(true)
        } else if level.value != on {
            level.send(on)
        }
    }
}

import Reactive
import Values

/// `override: true` on an output: what it follows, or what someone chose by hand. In
/// `auto` its level is what it follows; `on` and `off` hold the level whatever that does,
/// until someone chooses again. Its pulse, `max_on` and interlock come after it, so they
/// apply to a forced level as to a followed one.
///
/// ```swift
/// let override = OutputOverride(mode: .auto)
/// cancellables.append(override.attach(to: followed))
/// override.choose(.on, at: now)      // on, whatever followed does next
/// override.choose(.auto, at: now)    // followed's level again
/// ```
final class OutputOverride {
    /// What the output's timing is bound to.
    let level: Level
    private(set) var mode: OverrideMode
    /// When the mode was chosen (the loop's clock); nil: at start, or not by hand.
    private(set) var chosenAt: UInt64?
    /// What it follows, as last heard.
    private var followed = false

    /// - Parameters:
    ///   - mode: the mode at start (the engine a reload replaces left it, or `auto`).
    ///   - chosenAt: when that mode was chosen, if known.
    init(mode: OverrideMode, chosenAt: UInt64? = nil) {
        self.mode = mode
        self.chosenAt = chosenAt
        level = Level(mode.forcedLevel ?? false)
    }

    /// Follows `source`: each of its values, which moves the level only in `auto`.
    func attach(to source: Level) -> AnyCancellable {
        source.react { [unowned self] on in
            followed = on
            if mode == .auto, level.value != on { level.send(on) }
        }
    }

    /// Someone chose `mode` at `time`: `on` or `off` now and until the next choice, or
    /// back to what it follows.
    func choose(_ mode: OverrideMode, at time: UInt64) {
        self.mode = mode
        chosenAt = time
        let target = mode.forcedLevel ?? followed
        if level.value != target { level.send(target) }
    }
}

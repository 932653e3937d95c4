import Clock
import Loop

/// `between: [FROM, TO]` in a running graph: its level from the window at the wall
/// clock's second, and one timer at the window's next boundary.
final class TimeWindow: TimeRule {
    let window: DailyWindow
    let fallback: Bool
    private unowned let signal: Signal
    private unowned let owner: TimeSignals
    private var timer: LoopTimer?
    private var nextChange: Int64?

    init(window: DailyWindow, fallback: Bool, signal: Signal, owner: TimeSignals) {
        self.window = window
        self.fallback = fallback
        self.signal = signal
        self.owner = owner
    }

    /// Its level now, and its timer at the next boundary; at its fallback, with no
    /// timer, while the clock is not trusted.
    func evaluate() {
        cancel()
        guard owner.isTrusted else {
            nextChange = nil
            return signal.update(fallback)
        }
        let state = window.state(at: owner.now, in: owner.zone, at: owner.place)
        signal.update(state.isOn)
        nextChange = state.nextChange
        timer = owner.schedule(atSecond: state.nextChange) { [weak self] in self?.evaluate() }
    }

    func cancel() {
        timer?.cancel()
        timer = nil
    }

    var state: String {
        guard owner.isTrusted else { return "at its fallback: the system clock is not synchronized yet" }
        guard let nextChange else { return "" }
        let local = owner.zone.localDateTime(at: nextChange)
        return "\(signal.value ? "off" : "on") at \(local) (\(owner.zone.name))"
    }
}

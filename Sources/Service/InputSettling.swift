import Engine
import Loop
import Reactive

/// Waits, without polling, until a simulated input's change has reached the engine: what
/// makes a line command on standard input, and a `sim` request over the control socket,
/// finish only once `status` shows the change.
///
/// An input has settled when the engine's value of it agrees with its line (and, when
/// asked, the line's pulses are over). That is looked at when the engine reports a
/// change of the input (after the change has gone through the whole graph), and once
/// when the change can first have got through (`atLeast`: the input's debounce period,
/// plus a pulse's length when waiting for it to end). If it has not settled by
/// `atLeast + patience`, the wait ends anyway (`.timedOut`); a daemon that stops ends
/// every wait (`.stopped`).
///
/// ```swift
/// let wait = settling.wait(for: "switch1", atLeast: .milliseconds(10), patience: .seconds(2)) { outcome in
///     responder.reply(outcome == .settled ? .ok : .warning("'switch1' has not settled"))
/// }
/// wait.cancel()   // when the one waiting goes away
/// ```
///
/// Loop thread only.
final class InputSettling {
    /// Ends one wait early, without its completion.
    struct Wait {
        fileprivate let id: UInt64
        fileprivate weak var settling: InputSettling?

        func cancel() { settling?.end(id, nil) }
    }

    /// How a wait ended.
    enum Outcome: Equatable {
        case settled, timedOut, stopped
    }

    private struct Pending {
        var input: String
        var untilPulsesEnd: Bool
        var check: LoopTimer
        var giveUp: LoopTimer
        var done: (Outcome) -> Void
    }

    /// Added to the settling time, so that the deadlines the change sets run first.
    static let margin = Duration.milliseconds(2)

    private let running: RunningEngine
    private let loop: any EventLoop
    private var pending: [UInt64: Pending] = [:]
    private var nextID: UInt64 = 0

    init(running: RunningEngine, loop: any EventLoop) {
        self.running = running
        self.loop = loop
    }

    /// How many waits are under way.
    var count: Int { pending.count }

    /// Calls `done(.settled)` once `input` has settled, or `done(.timedOut)` after
    /// `atLeast + patience` if it has not.
    func wait(for input: String, atLeast: Duration, patience: Duration, untilPulsesEnd: Bool = false,
              done: @escaping (Outcome) -> Void) -> Wait {
        nextID += 1
        let id = nextID
        let check = loop.schedule(in: atLeast + Self.margin) { [weak self] in self?.check(id) }
        let giveUp = loop.schedule(in: atLeast + Self.margin + patience) { [weak self] in
            self?.end(id, .timedOut)
        }
        pending[id] = Pending(input: input, untilPulsesEnd: untilPulsesEnd, check: check, giveUp: giveUp, done: done)
        return Wait(id: id, settling: self)
    }

    /// Looks again at the waits on each input `engine` reports a change of.
    func observe(_ engine: Engine, unless skip: @escaping (EngineChange) -> Bool) -> AnyCancellable {
        engine.observeChanges { [weak self] change in
            guard let self, !skip(change) else { return }
            engineChanged(change)
        }
    }

    /// The engine reported a change: the waits on that input may be over.
    private func engineChanged(_ change: EngineChange) {
        guard change.kind == .input else { return }
        let waiting = pending.filter { $0.value.input == change.name }.map(\.key)
        guard !waiting.isEmpty else { return }
        // After the change has gone through the whole graph, not within it.
        loop.execute { [bound = LoopBound(self, loop: loop)] in
            for id in waiting { bound.value.check(id) }
        }
    }

    /// Ends every wait with `.stopped` (the daemon stops).
    func stopAll() {
        for id in pending.keys.sorted() { end(id, .stopped) }
    }

    private func check(_ id: UInt64) {
        guard let wait = pending[id], isSettled(wait.input, untilPulsesEnd: wait.untilPulsesEnd) else { return }
        end(id, .settled)
    }

    private func isSettled(_ input: String, untilPulsesEnd: Bool) -> Bool {
        guard let inputs = running.simulatedInputs, let line = try? inputs.lineState(of: input) else { return true }
        if untilPulsesEnd, line.pulsing { return false }
        return running.engine.value(of: .input(input))?.level == line.level
    }

    /// `outcome` nil: cancelled, no completion.
    private func end(_ id: UInt64, _ outcome: Outcome?) {
        guard let wait = pending.removeValue(forKey: id) else { return }
        wait.check.cancel()
        wait.giveUp.cancel()
        if let outcome { wait.done(outcome) }
    }
}

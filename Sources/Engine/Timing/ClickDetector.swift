import Config
import Loop

/// `click: NAME`: activates its signal once each time NAME completes the gesture, timed
/// by the events' timestamps (the kernel's, for an input).
///
/// A gesture is `count` presses, each from `minPress` to `maxPress` long, each release
/// at most `gap` long, then no press for `gap` after the last release. Anything else
/// cancels the gesture, never turning it into another: a press too short or too long
/// (one held past `maxPress` is given up at once, and its release ignored), more presses
/// than `count` (a triple is not a double), and lost events anywhere while it is under
/// way (`Propagation.resyncs` moved on). Its starting value is not a press: a button
/// held when gpioagg starts must be released first.
///
/// Timers: one at `maxPress` while pressed, one at `gap` after each release; none while
/// idle.
final class ClickDetector: TimedNode {
    private enum Phase {
        case idle
        case pressed(since: UInt64)
        case released(at: UInt64)
        /// The gesture was given up while pressed: wait for the release.
        case held
    }

    private let gesture: ClickGesture
    private let minPress: UInt64
    private let maxPress: UInt64
    private let gap: UInt64
    private let signal: Signal
    private let propagation: Propagation
    private let timers: GraphTimers
    private var phase = Phase.idle
    private var presses = 0
    /// `propagation.resyncs` when the gesture began.
    private var epoch: UInt64 = 0
    private var timer: LoopTimer?

    init(gesture: ClickGesture, signal: Signal, propagation: Propagation, timers: GraphTimers) {
        self.gesture = gesture
        minPress = gesture.minPress.wholeNanoseconds
        maxPress = gesture.maxPress.wholeNanoseconds
        gap = gesture.gap.wholeNanoseconds
        self.signal = signal
        self.propagation = propagation
        self.timers = timers
    }

    /// What the gesture waits for now, for `why`.
    var state: String {
        switch phase {
        case .idle: return "idle"
        case .pressed: return "press \(presses + 1) of \(gesture.count) under way"
        case .released: return "\(presses) of \(gesture.count) press\(gesture.count == 1 ? "" : "es") done, waiting for the gap"
        case .held: return "held too long: waiting for the release"
        }
    }

    /// A change of the watched level (after its starting value), at the propagation's
    /// timestamp.
    func receive(_ pressed: Bool) {
        let now = propagation.timestamp
        if propagation.isResyncing {
            // Part of a read that lost events: no press in it is to be trusted.
            cancelTimers()
            presses = 0
            phase = pressed ? .held : .idle
            return
        }
        if case .idle = phase {} else if propagation.resyncs != epoch {
            // Lost events during the gesture: what happened is not known for sure.
            cancelTimers()
            presses = 0
            phase = pressed ? .held : .idle
            return
        }
        switch (phase, pressed) {
        case (.idle, true):
            epoch = propagation.resyncs
            presses = 0
            press(at: now)
        case (.pressed(let since), false):
            cancelTimers()
            let length = now &- since
            guard length >= minPress, length <= maxPress else {
                presses = 0
                phase = .idle
                return
            }
            presses += 1
            phase = .released(at: now)
            timer = timers.schedule(at: now &+ gap) { [unowned self] in
                // A press read just before this ran has moved the gesture on.
                guard case .released(let at) = phase, at == now else { return }
                decide()
            }
        case (.released(let at), true):
            cancelTimers()
            if now &- at > gap {
                // The gap had passed before this press (its timer not yet run).
                decide()
                epoch = propagation.resyncs
                presses = 0
            }
            press(at: now)
        case (.held, false):
            phase = .idle
        default:
            break
        }
    }

    private func press(at now: UInt64) {
        phase = .pressed(since: now)
        timer = timers.schedule(at: now &+ maxPress &+ 1) { [unowned self] in
            // Held past the longest press: no gesture; the release is ignored (unless a
            // release read just before this ran ended the press).
            guard case .pressed(let since) = phase, since == now else { return }
            timer = nil
            presses = 0
            phase = .held
        }
    }

    /// The gap after the last release has passed: the gesture is complete if it had
    /// exactly `count` presses and no events were lost.
    private func decide() {
        timer = nil
        let complete = presses == gesture.count && propagation.resyncs == epoch
        presses = 0
        phase = .idle
        if complete { signal.activate() }
    }

    func cancelTimers() {
        timer?.cancel()
        timer = nil
    }
}

import GPIO
import Loop
import Reactive

/// Output `pulse: D`: each activation (rising edge) of what the output follows turns it
/// on for D; a new activation during the pulse starts it again. The starting value is
/// not an activation: the output starts off.
final class OutputPulse: TimedNode {
    /// What the output is bound to.
    let level = Level(false)
    private let length: UInt64
    private let propagation: Propagation
    private let timers: GraphTimers
    private let end = GraphDeadline()

    init(length: Duration, propagation: Propagation, timers: GraphTimers) {
        self.length = length.wholeNanoseconds
        self.propagation = propagation
        self.timers = timers
        timers.register(self)
    }

    /// Follows `source`'s activations.
    func attach(to source: Level) -> AnyCancellable {
        SignalPipelines.risingEdges(of: source).react { [unowned self] _ in activate() }
    }

    private func activate() {
        end.cancel()
        if !level.value { level.send(true) }
        end.start(at: propagation.timestamp &+ length, on: timers) { [unowned self] in level.send(false) }
    }

    /// Time left of the pulse under way, for `why`.
    func remaining(at now: UInt64) -> UInt64? { end.remaining(at: now) }

    func cancelTimers() { end.cancel() }
}

/// Output `max_on: D`: follows its source, but turns off after D on and stays off until
/// the source has been off. A source on at start starts the time at start.
final class OutputMaxOn: TimedNode {
    let level = Level(false)
    private let limit: UInt64
    private let propagation: Propagation
    private let timers: GraphTimers
    private let end = GraphDeadline()
    /// The limit was reached: off until the source goes off.
    private(set) var isLockedOut = false

    init(limit: Duration, propagation: Propagation, timers: GraphTimers) {
        self.limit = limit.wholeNanoseconds
        self.propagation = propagation
        self.timers = timers
        timers.register(self)
    }

    func attach(to source: Level) -> AnyCancellable {
        source.react { [unowned self] on in receive(on) }
    }

    private func receive(_ on: Bool) {
        guard on else {
            cancelTimers()
            isLockedOut = false
            if level.value { level.send(false) }
            return
        }
        guard !isLockedOut, !end.isPending else { return }
        let deadline = propagation.timestamp &+ limit
        if !level.value { level.send(true) }
        end.start(at: deadline, on: timers) { [unowned self] in
            isLockedOut = true
            level.send(false)
        }
    }

    /// Time left before the limit turns the output off, for `why`.
    func remaining(at now: UInt64) -> UInt64? { end.remaining(at: now) }

    func cancelTimers() { end.cancel() }
}

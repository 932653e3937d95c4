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

    /// - Parameter carriedEnd: when the pulse under way in the engine a reload replaces
    ///   ends: it goes on until then.
    init(length: Duration, propagation: Propagation, timers: GraphTimers, carriedEnd: UInt64? = nil) {
        self.length = length.wholeNanoseconds
        self.propagation = propagation
        self.timers = timers
        timers.register(self)
        if let carriedEnd {
            level.send(true)
            end.start(at: carriedEnd, on: timers) { [unowned self] in level.send(false) }
        }
    }

    /// When the pulse under way ends.
    var pendingEnd: UInt64? { end.isPending ? end.deadline : nil }

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
    /// Where the limit is: what a reload carries over, and what a restart brings back
    /// for an output restored on.
    enum Phase: Equatable {
        /// On, and turned off at this deadline.
        case counting(until: UInt64)
        /// The limit was reached: off until the source goes off.
        case lockedOut
    }

    let level = Level(false)
    private let limit: UInt64
    private let propagation: Propagation
    private let timers: GraphTimers
    private let end = GraphDeadline()
    /// The limit was reached: off until the source goes off.
    private(set) var isLockedOut = false

    /// - Parameter phase: where the limit was, for an output that was on before: while
    ///   the source stays on, it goes on from there instead of counting the whole limit
    ///   again. A source that is off at start ends it.
    init(limit: Duration, propagation: Propagation, timers: GraphTimers, phase: Phase? = nil) {
        self.limit = limit.wholeNanoseconds
        self.propagation = propagation
        self.timers = timers
        timers.register(self)
        switch phase {
        case .counting(let deadline):
            level.send(true)
            startLimit(at: deadline)
        case .lockedOut:
            isLockedOut = true
        case nil:
            break
        }
    }

    /// Where the limit is; nil while it is not counting and not reached.
    var phase: Phase? {
        if isLockedOut { return .lockedOut }
        return end.isPending ? .counting(until: end.deadline) : nil
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
        if !level.value { level.send(true) }
        startLimit(at: propagation.timestamp &+ limit)
    }

    private func startLimit(at deadline: UInt64) {
        end.start(at: deadline, on: timers) { [unowned self] in
            isLockedOut = true
            level.send(false)
        }
    }

    /// Time left before the limit turns the output off, for `why`.
    func remaining(at now: UInt64) -> UInt64? { end.remaining(at: now) }

    func cancelTimers() { end.cancel() }
}

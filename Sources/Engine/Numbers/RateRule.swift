import Config
import Numbers

/// `rate:`: how fast its operand grows per `per:` (`Numbers.PulseRate`, or with
/// `window:` `Numbers.PulseWindow`: `RateMeasure`), in its number node. A counter's pulses are its pulses, so that setting the total by hand is no
/// flow; another number's changes are, each adding what it changed by. The decay and
/// the timeout run on the graph's timers, on the loop's clock or the twin's virtual
/// time alike. A rate that is not a finite number (a rise past what a Double holds) makes
/// the node unavailable, with the overflow as the reason.
final class RateRule: TimedNode {
    let node: NumberNode
    private var core: RateMeasure
    /// What it is the rate of, for an overflow's message.
    private let operand: String
    private var previous: Double?
    private let deadline = GraphDeadline()
    private let propagation: Propagation
    private let timers: GraphTimers

    /// - Parameter carried: the state of the rule a reload replaces, when the rate is
    ///   declared the same way: its pulses, and its decay, go on.
    init(_ declaration: RateDeclaration, of operand: String, node: NumberNode, propagation: Propagation,
         timers: GraphTimers, carried: State? = nil) {
        self.node = node
        self.operand = operand
        core = carried?.core ?? RateMeasure(declaration)
        previous = carried?.previous
        self.propagation = propagation
        self.timers = timers
        timers.register(self)
    }

    /// What a reload carries of a rate.
    struct State {
        var core: RateMeasure
        var previous: Double?
    }

    var state: State { State(core: core, previous: previous) }

    /// Starts the decay of a carried rate again, on the new graph's timers.
    func resume(at now: UInt64) {
        apply(core.resumed(at: now))
    }

    /// A pulse of a counter: `increase` added at `time`.
    func pulse(_ increase: Double, at time: UInt64) {
        apply(core.pulse(increase, at: time))
    }

    /// A value of a number that is not a counter: a change from the last one is a pulse
    /// of the difference; unavailable makes the rate unavailable, and starts it over.
    func receive(value: Double?) {
        defer { previous = value }
        guard let value else {
            core.clear()
            deadline.cancel()
            return node.propose(nil)
        }
        guard let previous else {
            // The first value starts the first interval.
            return apply(core.pulse(0, at: propagation.timestamp))
        }
        guard value != previous else { return }
        pulse(value - previous, at: propagation.timestamp)
    }

    /// The time between the last two pulses, for `why`.
    var lastInterval: UInt64? { core.lastInterval }

    /// How many pulses a `window:` holds, and how long it is, for `why`.
    var pulsesInWindow: (count: Int, window: UInt64)? { core.pulsesInWindow }

    /// How long until the rate next decays or reaches 0, for `why`.
    func remaining(at now: UInt64) -> UInt64? { deadline.remaining(at: now) }

    private func apply(_ update: PulseRate.Update) {
        if update.rate.isFinite {
            node.propose(update.rate)
        } else {
            node.propose(.failure(NumberOverflow(
                "the rate of \(operand) per \(ReadableDuration.format(nanoseconds: core.per))")))
        }
        guard let next = update.deadline else { return deadline.cancel() }
        deadline.start(at: next, on: timers) { [unowned self] in
            apply(core.deadlineFired(at: propagation.timestamp))
        }
    }

    func cancelTimers() { deadline.cancel() }
}

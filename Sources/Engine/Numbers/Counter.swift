import Config
import Numbers
import Values

/// `count:`: the total of its operand's activations, each worth `multiply`, in its
/// number node. The total is the last value set (0 at start) plus the pulses since,
/// times `multiply`, rather than a running sum: a million pulses of 0.001 kWh make
/// exactly 1000 kWh, with no rounding error piling up. It goes down only when set.
///
/// A pulse that would take the total past what a `Double` holds is refused: the total
/// stays where it was (a finite number, which thresholds go on weighing), and `refusal`
/// says why until the total is set again.
final class Counter {
    let node: NumberNode
    let multiply: Double
    /// Where the count started: 0, or the total last set by a command.
    private var base: Double
    private var pulsesSinceSet: UInt64 = 0
    /// Pulses counted since the daemon started (a reload that declares the counter the
    /// same way goes on counting), for `why`.
    private(set) var pulses: UInt64 = 0
    /// What it counts: an input's or a signal's name.
    let operand: String
    /// The losses the kernel showed on the operand's line since start, and the pulses
    /// among them that are proven and were added (`addLost`).
    private(set) var lost = LostPulses()
    /// The pulses refused since the total was last set because the total they made was
    /// not a finite number, and the last such overflow; nil when none was.
    private(set) var refusal: (pulses: UInt64, overflow: NumberOverflow)?
    private let propagation: Propagation
    /// Told of each pulse (what it added, when) after the total has taken it: the rates
    /// of this counter.
    private var pulseObservers: [(Double, UInt64) -> Void] = []
    /// `period:`: when the period it counts began (wall-clock seconds), nil until the
    /// clock is trusted; and the total of the period before, nil until one ended.
    var periodStart: Int64?
    private(set) var lastPeriodTotal: Double?
    /// Its `period:` rule, for `why`.
    var period: TimePeriod?

    /// - Parameters:
    ///   - operand: the input or signal it counts.
    ///   - total: the total it starts at (0, the kept total, a reload's previous total).
    ///   - pulses: the pulses counted since start by the engine a reload replaces.
    init(_ declaration: CounterDeclaration, of operand: String, node: NumberNode, total: Double, pulses: UInt64 = 0,
         propagation: Propagation) {
        self.node = node
        self.operand = operand
        self.pulses = pulses
        multiply = declaration.multiply
        base = total
        self.propagation = propagation
    }

    var total: Double { base + Double(pulsesSinceSet) * multiply }

    /// An activation of the operand, at the propagation's timestamp.
    func pulse() {
        pulses &+= 1
        if add(1) { node.propose(total) }
        for observer in pulseObservers { observer(multiply, propagation.timestamp) }
    }

    /// The kernel dropped `edges` edges of the operand's line (0: at least one): `pulses` rising edges among them
    /// are proven, and join the total (0 when only a loss is known). Rates are not told:
    /// the dropped pulses have no times.
    func addLost(edges: UInt64, pulses: UInt64) {
        lost.losses += 1
        lost.edges &+= edges
        lost.pulses &+= pulses
        guard pulses > 0 else { return }
        self.pulses &+= pulses
        if add(pulses) { node.propose(total) }
    }

    /// Adds `count` pulses to the total; false, with the total unchanged and the refusal
    /// kept, when the total they make is not a finite number.
    private func add(_ count: UInt64) -> Bool {
        let counted = pulsesSinceSet &+ count
        guard (base + Double(counted) * multiply).isFinite else {
            let overflow = NumberOverflow(DecimalText.shortest(base) + " + \(counted) × " + DecimalText.shortest(multiply))
            refusal = ((refusal?.pulses ?? 0) &+ count, overflow)
            return false
        }
        pulsesSinceSet = counted
        return true
    }

    /// For `why`: the pulses the total refused, and why.
    var refusalText: String? {
        guard let refusal else { return nil }
        let pulses = "\(refusal.pulses) pulse\(refusal.pulses == 1 ? "" : "s")"
        return "\(pulses) not added: \(refusal.overflow); the total stays until set"
    }

    /// A command sets the total (`gpioagg set`, `/set`, the reset button): counting
    /// goes on from there.
    func set(_ newTotal: Double) {
        base = newTotal
        pulsesSinceSet = 0
        refusal = nil
        node.propose(total)
    }

    /// A period ended: its total is kept as the last period's, and counting starts again
    /// from 0 (a reset, which Home Assistant's `total_increasing` reads as one).
    func startPeriod(at start: Int64) {
        lastPeriodTotal = total
        periodStart = start
        set(0)
    }

    /// What a reload hands over, or the state file kept: the period and the last
    /// period's total.
    func resumePeriod(start: Int64?, last: Double?) {
        periodStart = start
        lastPeriodTotal = last
    }

    /// The period it counts, for the snapshot and each change of its total; nil without
    /// `period:`.
    var periodTotals: PeriodTotals? {
        guard let period else { return nil }
        return PeriodTotals(period: period.period.rawValue, start: periodStart,
                            startText: periodStart.map { period.isoText(of: $0) }, last: lastPeriodTotal)
    }

    func observePulses(_ observer: @escaping (_ increase: Double, _ time: UInt64) -> Void) {
        pulseObservers.append(observer)
    }
}

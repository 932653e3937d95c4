import Config
import Numbers
import Values

/// A numeric input or signal: its number in its unit (nil while unavailable) as a
/// publisher (`cell`), after its `filters:`. What feeds it proposes raw values
/// (`propose`): a command, a remote payload, a sensor's reading, a mean of its operands.
/// The filters decide what the node takes; their deadlines (a heartbeat, a timeout, a
/// throttle) run on the graph's timers, so they run on the loop's clock and on the
/// twin's virtual time alike. A node without filters takes each value as it comes.
///
/// Only changes are sent (a heartbeat's repeat of the same value is not a change of the
/// graph's value, and Home Assistant needs none: its state is retained).
///
/// Its value is a finite number or unavailable, never `inf` or `nan`: a computation
/// whose result is not a finite number (a sum past 1.8e308, a filter's) is proposed as
/// its `NumberOverflow`, and the node is unavailable with it as the reason (`overflow`,
/// which `gpioagg why` shows), so that thresholds take their fallback and PWM outputs
/// their `safe`.
final class NumberNode: TimedNode {
    let id: NodeID
    let unit: MeasurementUnit
    let precision: Int
    let cell: NumberCell
    /// The value taken (the cell's, set before the cell sends it: observers hear of a
    /// change before the graph reacts to it).
    @exclusivity(unchecked) private(set) var value: Double?
    /// When the value last changed; nil: not since start.
    @exclusivity(unchecked) private(set) var changedAt: UInt64?
    /// The last value proposed, before the filters: what `why` shows beside the value.
    @exclusivity(unchecked) private(set) var raw: Double?
    /// Why the value is unavailable when a computation, before the filters or in them,
    /// was not a finite number; nil otherwise.
    @exclusivity(unchecked) private(set) var overflow: NumberOverflow?
    /// Where its values come from (`Engine.buildGraph` says, for an input).
    var origin = Origin.signal
    /// A counter with a `period:` says, with each change of its total, which period it
    /// counts.
    var periodTotals: (() -> PeriodTotals?)?
    private var filters: FilterChain?
    private let filterDeadline = GraphDeadline()
    private let propagation: Propagation
    private let timers: GraphTimers

    /// - Parameters:
    ///   - value: the value it starts with (nil: unavailable), already filtered: the
    ///     filters see only what is proposed after start.
    ///   - number: its unit, precision and filters.
    init(_ id: NodeID, value: Double?, number: NumberDeclaration, changedAt: UInt64? = nil,
         propagation: Propagation, timers: GraphTimers) throws(NumbersError) {
        self.id = id
        unit = number.unit
        precision = number.precision
        cell = NumberCell(value)
        self.value = value
        raw = value
        self.changedAt = changedAt
        self.propagation = propagation
        self.timers = timers
        filters = number.filters.isEmpty ? nil : try FilterChain(number.filters.map(\.filter))
        timers.register(self)
    }

    var name: String { id.name }
    var nodeValue: NodeValue { NodeValue(reading: value, unit: unit) }

    func change(at timestamp: UInt64, cause: EngineChange.Cause) -> EngineChange {
        var change = EngineChange(id, value: nodeValue, timestamp: timestamp, cause: cause, precision: precision)
        change.period = periodTotals?()
        return change
    }

    /// Tells observers the same value again (a heartbeat's repeat, a counter's new
    /// period): what publishes values sends it again, the log leaves it out. Not while
    /// the graph is being built: those are starting values.
    func announceAgain() {
        propagation.reportAgain(self)
    }

    /// A new raw value, at the propagation's timestamp: through the filters, then taken.
    /// One that is not a finite number goes in as unavailable, with itself as the reason.
    func propose(_ newValue: Double?) {
        if let newValue, !newValue.isFinite { return propose(.failure(NumberOverflow(notFinite: newValue))) }
        propose(.success(newValue))
    }

    /// What a computation gave: a number, unavailable, or the overflow that made it no
    /// number (then unavailable, with the overflow as the reason).
    func propose(_ result: Result<Double?, NumberOverflow>) {
        var newValue: Double?
        var reason: NumberOverflow?
        switch result {
        case .success(let number?) where !number.isFinite: reason = NumberOverflow(notFinite: number)
        case .success(let number): newValue = number
        case .failure(let overflow): reason = overflow
        }
        raw = newValue
        guard filters != nil else { return set(newValue, overflow: reason) }
        let output = filters!.receive(newValue, at: propagation.timestamp)
        arm(output.deadline)
        if case .value(let passed) = output.emission { set(passed, overflow: filters!.overflow ?? reason) }
    }

    /// Takes `newValue` past the filters: observers hear of it, then the graph.
    /// `overflow` is why it is unavailable, when a computation was no number.
    func set(_ newValue: Double?, overflow: NumberOverflow? = nil) {
        // The last line of defence: whatever set it, the graph never sees inf or nan.
        if let newValue, !newValue.isFinite { return set(nil, overflow: NumberOverflow(notFinite: newValue)) }
        // Unavailable that stays unavailable is no change, whatever its reason now.
        self.overflow = newValue == nil ? overflow : nil
        guard newValue != value else { return }
        value = newValue
        changedAt = propagation.timestamp
        propagation.report(self)
        cell.send(newValue)
    }

    private func arm(_ deadline: UInt64?) {
        guard let deadline else { return filterDeadline.cancel() }
        if filterDeadline.isPending, filterDeadline.deadline == deadline { return }
        filterDeadline.start(at: deadline, on: timers) { [unowned self] in fire() }
    }

    private func fire() {
        guard filters != nil else { return }
        let firing = filters!.deadlineFired(at: propagation.timestamp)
        for value in firing.sent {
            if value == self.value {
                announceAgain()
            } else {
                set(value, overflow: filters!.overflow)
            }
        }
        arm(firing.deadline)
    }

    /// How long until the filters' next deadline, for `why`.
    func filterDeadlineRemaining(at now: UInt64) -> UInt64? {
        filterDeadline.remaining(at: now)
    }

    func cancelTimers() { filterDeadline.cancel() }
}

extension NumberNode: GraphNodeChange {}

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
        EngineChange(id, value: nodeValue, timestamp: timestamp, cause: cause, precision: precision)
    }

    /// A new raw value, at the propagation's timestamp: through the filters, then taken.
    func propose(_ newValue: Double?) {
        raw = newValue
        guard filters != nil else { return set(newValue) }
        let output = filters!.receive(newValue, at: propagation.timestamp)
        arm(output.deadline)
        if case .value(let passed) = output.emission { set(passed) }
    }

    /// Takes `newValue` past the filters: observers hear of it, then the graph.
    func set(_ newValue: Double?) {
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
                var change = change(at: propagation.timestamp, cause: propagation.cause)
                change.isRepeat = true
                propagation.announce(change)
            } else {
                set(value)
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

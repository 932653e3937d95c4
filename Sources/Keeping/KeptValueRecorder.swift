import Config
import Engine
import KeptState
import Loop
import Reactive
import Values

/// What is kept across restarts, and when: the rules the daemon follows into its state
/// file and `gpioagg test` follows into memory. It hears an engine's changes and hands
/// the kept ones to its `sink` (`persist: true`, `initial: restore`, covers' positions,
/// overrides' modes, numeric command inputs), and turns what a sink holds back into the
/// values a new engine starts from.
///
/// - A safe-state write is not kept: after an orderly stop, `initial: restore` brings back
///   the value from before the stop.
/// - An output with `initial: restore` and a `max_on` is kept with when it went on (on
///   the `BootClock`), so that after a restart its `max_on` gets only what remains.
/// - A counter's total with `persist: true` is handed over at most once per its
///   `persist_every` while it counts; the latest waits for the end of that time, and
///   `close()` (an orderly stop) hands it over. A kill loses it.
///
/// ```swift
/// let recorder = KeptValueRecorder(bootClock: .system, loop: loop, sink: writer)
/// recorder.learn(configuration)
/// engine.keptValues = recorder.keptValues(from: writer.values)
/// let observation = recorder.observe(engine, unless: { _ in false })
/// recorder.close()                 // an orderly stop: the totals that wait are handed over
/// ```
///
/// Loop thread only.
public final class KeptValueRecorder {
    /// Where the kept values go; nil: nowhere (the daemon without a state directory).
    public var sink: (any KeptValueSink)?
    private let bootClock: BootClock
    private let loop: any EventLoop
    /// What the configuration keeps: its persisted signals and command inputs, its
    /// restored and overridden outputs, its covers' positions.
    public private(set) var keptKeys = Set<NodeID>()
    /// The restored outputs with a `max_on`: their values are kept with when they went on.
    private var timedKeys = Set<NodeID>()
    /// The outputs with `override: true`: their values are kept with their mode.
    private var overriddenKeys = Set<NodeID>()
    /// The kept totals (`count:` with `persist: true`), each handed over at most once per
    /// its `persist_every`.
    private var totals: [NodeID: TotalPace] = [:]

    /// A kept total's pace: when it was last handed over, and the total that waits for
    /// the end of its `persist_every`.
    private struct TotalPace {
        var every: UInt64
        var recordedAt: UInt64?
        var recorded: KeptValue?
        var pending: KeptValue?
        var timer: LoopTimer?
    }

    public init(bootClock: BootClock, loop: any EventLoop, sink: (any KeptValueSink)? = nil) {
        self.bootClock = bootClock
        self.loop = loop
        self.sink = sink
    }

    /// Whether the counter `key`'s total is kept.
    public func keepsTotal(of key: NodeID) -> Bool { totals[key] != nil }

    /// Learns what `configuration` keeps, at a start and at each reload. A total that
    /// waits for its `persist_every` is handed over first: the next engine starts from
    /// the sink's values, and its pace may have changed.
    public func learn(_ configuration: Configuration) {
        keptKeys = Set(configuration.persistentSignals.compactMap { NodeID(validating: .signal, $0) }
            + configuration.restoredOutputs.compactMap { NodeID(validating: .output, $0) }
            + configuration.persistentInputs.compactMap { NodeID(validating: .input, $0) }
            + configuration.keptCoverPositions.compactMap { NodeID(validating: .cover, $0) })
        overriddenKeys = Set(configuration.overriddenOutputs.compactMap { NodeID(validating: .output, $0) })
        keptKeys.formUnion(overriddenKeys)
        timedKeys = Set(configuration.outputs.filter { $0.restore && $0.maxOn != nil }
            .compactMap { NodeID(validating: .output, $0.name) })
        recordPendingTotals()
        var paces: [NodeID: TotalPace] = [:]
        for (name, every) in configuration.persistentCounters {
            guard let key = NodeID(validating: .signal, name) else { continue }
            let (seconds, attoseconds) = every.components
            var pace = totals[key] ?? TotalPace(every: 0)
            pace.every = UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
            paces[key] = pace
        }
        totals = paces
    }

    /// The values an engine starts from, given what a sink holds (`records`): levels,
    /// numbers, counters' periods, overrides' modes, and how long each output kept on
    /// with a `max_on` has been on by the boot clock now.
    public func keptValues(from records: [NodeID: KeptValue]) -> KeptValues {
        var values = KeptValues()
        let now = bootClock.now()
        for (key, value) in records {
            // A level for a toggle, a latch, an input with a level or an output; a number
            // for a counter's total, a numeric input, a cover's position (a cover kept
            // moving has none: it was somewhere on the way). The engine takes each only
            // for a node of its form.
            if let level = value.level {
                values.values[key] = .level(level)
            } else if let number = value.number {
                values.values[key] = .number(number, .none)
            }
            if let period = value.period { values.periods[key] = period }
            if let mode = value.mode, overriddenKeys.contains(key) { values.modes[key] = mode }
            // Another boot's time, a time ahead of now, or none: not known, and the engine
            // gives such an output no max_on left.
            if key.kind == .output, let since = value.onSince, let onFor = now?.elapsed(since: since) {
                values.onFor[key] = onFor
            }
        }
        return values
    }

    /// Hands the kept values among `engine`'s changes to the sink, leaving out those
    /// `skip` says (the start's, which the daemon's log holds back: the start began from
    /// the kept values); and, once it has started (the loop's next turn), the periods its
    /// counters found while starting.
    public func observe(_ engine: Engine, unless skip: @escaping (EngineChange) -> Bool) -> AnyCancellable {
        let started = loop.schedule(atNanoseconds: loop.now) { [weak self, weak engine] in
            guard let self, let engine, engine.isRunning else { return }
            keepPeriods(of: engine.snapshot())
        }
        let changes = engine.observeChanges { [weak self] change in
            guard let self, !skip(change) else { return }
            keep(change)
        }
        return AnyCancellable {
            started.cancel()
            changes.cancel()
        }
    }

    /// An orderly stop: each total that waits for its `persist_every` is handed over.
    public func close() {
        recordPendingTotals()
    }

    /// A kill: the totals that wait are lost, as a process killed loses them; nothing
    /// more is handed over.
    public func abandon() {
        for key in totals.keys {
            totals[key]?.timer?.cancel()
            totals[key]?.timer = nil
            totals[key]?.pending = nil
        }
        sink = nil
    }

    /// Hands a kept value's change to the sink. A numeric input is kept with its number;
    /// while it is unavailable, the last number stays kept. An output with a `max_on` is
    /// kept with the time of its first change to on, while it stays on (through restarts
    /// and reloads too).
    private func keep(_ change: EngineChange) {
        guard let sink, let key = NodeID(validating: change.kind, change.name), keptKeys.contains(key) else { return }
        // A cover's position is kept at every stop, end and change of direction, and at
        // stop too (where the motors were released); a cover that starts moving is kept
        // moving, so that a kill before its next stop leaves its position unknown: at
        // once, without the writer's half second (a move starts seldom).
        if change.kind == .cover {
            if change.value.coverState?.isMoving == true {
                sink.record(key, .moving(from: change.value.coverPosition), promptly: true)
            } else if let position = change.value.coverPosition {
                sink.record(key, .number(position), promptly: false)
            }
            return
        }
        guard change.cause != .safeState else { return }
        if totals[key] != nil, let total = change.value.number, total.isFinite {
            return keep(total: KeptValue(total: total, period: change.period), of: key)
        }
        if let number = change.value.number, number.isFinite { return sink.record(key, .number(number), promptly: false) }
        guard let level = change.value.level else { return }
        // The start's write of an overridden output comes before its override exists:
        // it started in the kept mode, which stays kept.
        let mode = overriddenKeys.contains(key) ? change.mode ?? sink.values[key]?.mode : nil
        guard level, timedKeys.contains(key) else { return sink.record(key, KeptValue(level, mode: mode), promptly: false) }
        if let kept = sink.values[key], kept.isOn, let since = kept.onSince {
            if kept.mode != mode { sink.record(key, KeptValue(true, onSince: since, mode: mode), promptly: false) }
            return
        }
        sink.record(key, KeptValue(true, onSince: bootClock.now(), mode: mode), promptly: false)
    }

    /// Each kept counter's period as `snapshot` shows it, where the sink holds another:
    /// after a start or a reload, whose changes are not heard (a period found or started
    /// then changes no total that is heard).
    private func keepPeriods(of snapshot: EngineSnapshot) {
        guard let sink else { return }
        for key in totals.keys {
            guard let period = snapshot.periods[key.name], let start = period.start,
                  let total = snapshot[key]?.number, total.isFinite,
                  sink.values[key]?.period != KeptPeriod(start: start, last: period.last) else { continue }
            keep(total: KeptValue(total: total, period: period), of: key)
        }
    }

    /// A kept total is handed over at once when its last was `persist_every` ago or
    /// more, when it went down (a reset, a set to less, a new period: rare, and a restart
    /// must not bring back the old total) or when its period changed; else it waits for
    /// the end of that time, and only the latest waits. The state writer writes it at
    /// once: the file is at most `persist_every` and a write behind the count, and
    /// written at most once per `persist_every` while pulses come.
    private func keep(total value: KeptValue, of key: NodeID) {
        guard var pace = totals[key], let total = value.number else { return }
        let now = loop.now
        let due = pace.recordedAt.map { now >= $0 &+ pace.every } ?? true
        let newPeriod = pace.recorded.map { $0.period != value.period } ?? true
        if due || newPeriod || pace.recorded?.number.map({ total < $0 }) ?? true {
            pace.timer?.cancel()
            return handOver(value, of: key, pace)
        }
        pace.pending = value
        if pace.timer == nil, let recordedAt = pace.recordedAt {
            pace.timer = loop.schedule(atNanoseconds: recordedAt &+ pace.every) { [weak self] in
                self?.recordPending(key)
            }
        }
        totals[key] = pace
    }

    /// The end of a kept total's `persist_every`: the total that waited goes to the sink.
    private func recordPending(_ key: NodeID) {
        guard var pace = totals[key] else { return }
        pace.timer = nil
        guard let value = pace.pending else { totals[key] = pace; return }
        handOver(value, of: key, pace)
    }

    /// `value` goes to the sink now, and its `persist_every` starts again; nothing waits.
    private func handOver(_ value: KeptValue, of key: NodeID, _ pace: TotalPace) {
        var pace = pace
        pace.timer = nil
        pace.pending = nil
        pace.recordedAt = loop.now
        pace.recorded = value
        totals[key] = pace
        sink?.record(key, value, promptly: true)
    }

    private func recordPendingTotals() {
        for key in totals.keys {
            totals[key]?.timer?.cancel()
            recordPending(key)
        }
    }
}

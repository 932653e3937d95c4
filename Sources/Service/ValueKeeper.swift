import Values
import Config
import Engine
import KeptState
import Logging
import Loop
import Reactive

/// Values kept across restarts (`persist: true`, `initial: restore`, covers'
/// positions), levels and the numbers of numeric command inputs: hands each kept
/// value's change to the `StateWriter`, which writes the state file off the loop's
/// thread, and gives a new engine the values the last run left.
///
/// ```swift
/// let keeper = ValueKeeper(stateDirectory: nil, bootClock: .system, loop: loop, logger: logger)
/// engine.keptValues = keeper.keptValues(for: configuration)
/// let observation = keeper.observe(engine, unless: startLog.holdsBack)
/// keeper.close()                   // the daemon stops: the last values on disk
/// ```
///
/// Loop thread only.
final class ValueKeeper {
    private let stateDirectory: String?
    private let bootClock: BootClock
    private let logger: Logger
    /// Nil while the configuration keeps nothing.
    private var writer: StateWriter?
    /// What the configuration keeps: its persisted signals and command inputs, and its
    /// restored outputs.
    private var keptKeys = Set<NodeID>()
    /// The restored outputs with a `max_on`: their values are kept with when they went on.
    private var timedKeys = Set<NodeID>()
    /// The outputs with `override: true`: their values are kept with their mode.
    private var overriddenKeys = Set<NodeID>()
    /// The kept totals (`count:` with `persist: true`), each recorded at most once per
    /// its `persist_every`.
    private var totals: [NodeID: TotalThrottle] = [:]
    private let loop: any EventLoop
    /// The kept totals the state file held when it was opened.
    private var startTotals: [NodeID: Double] = [:]

    /// A kept total's pace: when it was last handed to the writer, and the total that
    /// waits for the end of its `persist_every`.
    private struct TotalThrottle {
        var every: UInt64
        var recordedAt: UInt64?
        var recorded: KeptValue?
        var pending: KeptValue?
        var timer: LoopTimer?
    }

    init(stateDirectory: String?, bootClock: BootClock, loop: any EventLoop, logger: Logger) {
        self.stateDirectory = stateDirectory
        self.bootClock = bootClock
        self.loop = loop
        self.logger = logger
    }

    /// Records the kept values among `engine`'s changes, leaving out those `skip` says
    /// (the start's, which its log holds back: the start began from the kept values);
    /// and, once it has started (the loop's next turn), the periods its counters found
    /// while starting (`keepPeriods(of:)`).
    func observe(_ engine: Engine, unless skip: @escaping (EngineChange) -> Bool) -> AnyCancellable {
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

    /// The values `configuration` keeps, as the last run left them: opens the state file
    /// the first time the configuration keeps something (a reload may be that time),
    /// forgets what it no longer keeps. Without a usable state directory it logs why
    /// and runs without keeping.
    func keptValues(for configuration: Configuration) -> KeptValues {
        keptKeys = Set(configuration.persistentSignals.compactMap { NodeID(validating: .signal, $0) }
            + configuration.restoredOutputs.compactMap { NodeID(validating: .output, $0) }
            + configuration.persistentInputs.compactMap { NodeID(validating: .input, $0) }
            + configuration.keptCoverPositions.compactMap { NodeID(validating: .cover, $0) }
            + configuration.overriddenOutputs.compactMap { NodeID(validating: .output, $0) })
        overriddenKeys = Set(configuration.overriddenOutputs.compactMap { NodeID(validating: .output, $0) })
        timedKeys = Set(configuration.outputs.filter { $0.restore && $0.maxOn != nil }
            .compactMap { NodeID(validating: .output, $0.name) })
        // A total that waits for its persist_every is recorded now: the next engine
        // starts from the writer's values, and its pace may have changed.
        recordPendingTotals()
        var paces: [NodeID: TotalThrottle] = [:]
        for (name, every) in configuration.persistentCounters {
            guard let key = NodeID(validating: .signal, name) else { continue }
            let (seconds, attoseconds) = every.components
            var pace = totals[key] ?? TotalThrottle(every: 0)
            pace.every = UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
            paces[key] = pace
        }
        totals = paces
        guard !keptKeys.isEmpty else {
            writer?.retain(only: [])
            return KeptValues()
        }
        if let writer {
            writer.retain(only: keptKeys)
        } else {
            do throws(KeptStateError) {
                let directory = try StateDirectory.forThisProcess(override: stateDirectory)
                writer = StateWriter.open(path: directory.filePath, keeping: keptKeys, logger: logger)
                startTotals = (writer?.values ?? [:]).compactMapValues(\.number)
                logger.info("kept values: \(directory.filePath)")
            } catch {
                let hint = error.hint.isEmpty ? "" : "\nhint: \(error.hint)"
                logger.warning("warning: kept values will not survive a restart: \(error.message)\(hint)")
                return KeptValues()
            }
        }
        var values = KeptValues()
        let now = bootClock.now()
        for (key, value) in writer?.values ?? [:] {
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

    /// The last kept values on disk before the process ends (the only write on the
    /// loop's thread: nothing else waits for it any more).
    func close() {
        recordPendingTotals()
        writer?.close()
        writer = nil
    }

    /// What the state file holds for the counter `name` and when this run wrote it
    /// (nil: not written since start, the value is the one read at start), for `why`;
    /// nil when the counter's total is not kept.
    func keptTotal(of name: String) -> (total: Double?, age: Duration?)? {
        guard let key = NodeID(validating: .signal, name), totals[key] != nil, let writer else { return nil }
        if let written = writer.written(key) { return (written.value.number, written.age) }
        return (startTotals[key], nil)
    }

    /// Hands a kept value's change to the writer. A safe-state write is not kept: after
    /// an orderly stop, `initial: restore` brings back the value from before the stop.
    /// An output with a `max_on` is kept with when it went on: the time of its first
    /// change to on, kept while it stays on (through restarts and reloads too). A
    /// numeric input is kept with its number; while it is unavailable, the last number
    /// stays kept.
    private func keep(_ change: EngineChange) {
        guard let writer, let key = NodeID(validating: change.kind, change.name), keptKeys.contains(key) else { return }
        // A cover's position is kept at every stop, end and change of direction, and at
        // stop too (where the motors were released); a cover that starts moving is kept
        // moving, so that a kill before its next stop leaves its position unknown: at
        // once, without the writer's half second (a move starts seldom).
        if change.kind == .cover {
            if change.value.coverState?.isMoving == true {
                writer.record(key, .moving(from: change.value.coverPosition), promptly: true)
            } else if let position = change.value.coverPosition {
                writer.record(key, .number(position))
            }
            return
        }
        guard change.cause != .safeState else { return }
        if totals[key] != nil, let total = change.value.number, total.isFinite {
            return keep(total: KeptValue(total: total, period: change.period), of: key)
        }
        if let number = change.value.number, number.isFinite { return writer.record(key, .number(number)) }
        guard let level = change.value.level else { return }
        let mode = overriddenKeys.contains(key) ? change.mode : nil
        guard level, timedKeys.contains(key) else { return writer.record(key, KeptValue(level, mode: mode)) }
        if let kept = writer.values[key], kept.isOn, let since = kept.onSince {
            if kept.mode != mode { writer.record(key, KeptValue(true, onSince: since, mode: mode)) }
            return
        }
        writer.record(key, KeptValue(true, onSince: bootClock.now(), mode: mode))
    }

    /// Each kept counter's period as `snapshot` shows it, where the state file holds
    /// another: after a start or a reload, whose changes are not heard (a period found
    /// or started then changes no total that is heard).
    private func keepPeriods(of snapshot: EngineSnapshot) {
        guard let writer else { return }
        for key in totals.keys {
            guard let period = snapshot.periods[key.name], let start = period.start,
                  let total = snapshot[key]?.number, total.isFinite,
                  writer.values[key]?.period.map({ $0.start != start || $0.last != period.last }) ?? true else { continue }
            keep(total: KeptValue(total: total, period: period), of: key)
        }
    }

    /// A kept total is handed to the writer at once when its last was `persist_every`
    /// ago or more, when it went down (a reset, a set to less, a new period: rare, and a
    /// restart must not bring back the old total) or when its period changed; else it
    /// waits for the end of that time, and only the latest waits. The writer writes it
    /// at once: the file is at most `persist_every` and a write behind the count, and
    /// written at most once per `persist_every` while pulses come.
    private func keep(total value: KeptValue, of key: NodeID) {
        guard var pace = totals[key], let total = value.number else { return }
        let now = loop.now
        let due = pace.recordedAt.map { now >= $0 &+ pace.every } ?? true
        let newPeriod = pace.recorded.map { $0.period?.start != value.period?.start || $0.period?.last != value.period?.last }
            ?? true
        if due || newPeriod || pace.recorded?.number.map({ total < $0 }) ?? true {
            pace.timer?.cancel()
            pace.timer = nil
            pace.pending = nil
            pace.recordedAt = now
            pace.recorded = value
            totals[key] = pace
            writer?.record(key, value, promptly: true)
            return
        }
        pace.pending = value
        if pace.timer == nil, let recordedAt = pace.recordedAt {
            pace.timer = loop.schedule(atNanoseconds: recordedAt &+ pace.every) { [weak self] in
                self?.recordPending(key)
            }
        }
        totals[key] = pace
    }

    /// The end of a kept total's `persist_every`: the total that waited goes to the writer.
    private func recordPending(_ key: NodeID) {
        guard var pace = totals[key] else { return }
        pace.timer = nil
        guard let value = pace.pending else { totals[key] = pace; return }
        pace.pending = nil
        pace.recordedAt = loop.now
        pace.recorded = value
        totals[key] = pace
        writer?.record(key, value, promptly: true)
    }

    private func recordPendingTotals() {
        for key in totals.keys {
            totals[key]?.timer?.cancel()
            recordPending(key)
        }
    }
}

extension KeptValue {
    /// A counter's total as kept: with its period when it has one that is known.
    init(total: Double, period: PeriodTotals?) {
        if let start = period?.start {
            self = .total(total, periodStart: start, last: period?.last)
        } else {
            self = .number(total)
        }
    }
}

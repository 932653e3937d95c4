import Config
import Engine
import KeptState
import Logging
import Reactive

/// Values kept across restarts (`persist: true`, `initial: restore`), levels and the
/// numbers of numeric command inputs: hands each kept
/// value's change to the `StateWriter`, which writes the state file off the loop's
/// thread, and gives a new engine the values the last run left.
///
/// ```swift
/// let keeper = ValueKeeper(stateDirectory: nil, bootClock: .system, logger: logger)
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
    private var keptKeys = Set<KeptKey>()
    /// The restored outputs with a `max_on`: their values are kept with when they went on.
    private var timedKeys = Set<KeptKey>()

    init(stateDirectory: String?, bootClock: BootClock, logger: Logger) {
        self.stateDirectory = stateDirectory
        self.bootClock = bootClock
        self.logger = logger
    }

    /// Records the kept values among `engine`'s changes, leaving out those `skip` says
    /// (the start's, which its log holds back: the start began from the kept values).
    func observe(_ engine: Engine, unless skip: @escaping (EngineChange) -> Bool) -> AnyCancellable {
        engine.observeChanges { [weak self] change in
            guard let self, !skip(change) else { return }
            keep(change)
        }
    }

    /// The values `configuration` keeps, as the last run left them: opens the state file
    /// the first time the configuration keeps something (a reload may be that time),
    /// forgets what it no longer keeps. Without a usable state directory it logs why
    /// and runs without keeping.
    func keptValues(for configuration: Configuration) -> KeptValues {
        keptKeys = Set(configuration.persistentSignals.compactMap { KeptKey(kind: .signal, name: $0) }
            + configuration.restoredOutputs.compactMap { KeptKey(kind: .output, name: $0) }
            + configuration.persistentInputs.compactMap { KeptKey(kind: .input, name: $0) })
        timedKeys = Set(configuration.outputs.filter { $0.restore && $0.maxOn != nil }
            .compactMap { KeptKey(kind: .output, name: $0.name) })
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
            switch key.kind {
            case .signal: values.signals[key.name] = value.level
            case .output:
                values.outputs[key.name] = value.level
                // Another boot's time, a time ahead of now, or none: not known, and the
                // engine gives such an output no max_on left.
                if let since = value.onSince, let onFor = now?.elapsed(since: since) {
                    values.outputsOnFor[key.name] = onFor
                }
            case .input:
                // A level for an input with a level, a number for a numeric one: the
                // engine takes each only for an input of its type.
                values.inputs[key.name] = value.level
                values.numbers[key.name] = value.number
            }
        }
        return values
    }

    /// The last kept values on disk before the process ends (the only write on the
    /// loop's thread: nothing else waits for it any more).
    func close() {
        writer?.close()
        writer = nil
    }

    /// Hands a kept value's change to the writer. A safe-state write is not kept: after
    /// an orderly stop, `initial: restore` brings back the value from before the stop.
    /// An output with a `max_on` is kept with when it went on: the time of its first
    /// change to on, kept while it stays on (through restarts and reloads too). A
    /// numeric input is kept with its number; while it is unavailable, the last number
    /// stays kept.
    private func keep(_ change: EngineChange) {
        guard let writer, change.cause != .safeState,
              let key = KeptKey(kind: change.kind, name: change.name), keptKeys.contains(key) else { return }
        if let number = change.value.number, number.isFinite { return writer.record(key, .number(number)) }
        guard let level = change.value.level else { return }
        guard level, timedKeys.contains(key) else { return writer.record(key, KeptValue(level)) }
        if let kept = writer.values[key], kept.isOn, kept.onSince != nil { return }
        writer.record(key, KeptValue(true, onSince: bootClock.now()))
    }
}

import Values
import Config
import Engine
import KeptState
import Keeping
import Logging
import Loop
import Reactive

/// Values kept across restarts (`persist: true`, `initial: restore`, covers'
/// positions), levels and the numbers of numeric command inputs, in the state file:
/// `KeptValueRecorder` decides what is kept and when, and hands it to the
/// `StateWriter`, which writes the state file off the loop's thread; a new engine gets
/// the values the last run left.
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
    private let logger: Logger
    /// Nil while the configuration keeps nothing.
    private var writer: StateWriter?
    private let recorder: KeptValueRecorder
    /// The kept totals the state file held when it was opened.
    private var startTotals: [NodeID: Double] = [:]

    init(stateDirectory: String?, bootClock: BootClock, loop: any EventLoop, logger: Logger) {
        self.stateDirectory = stateDirectory
        self.logger = logger
        recorder = KeptValueRecorder(bootClock: bootClock, loop: loop)
    }

    /// Records the kept values among `engine`'s changes, leaving out those `skip` says
    /// (the start's, which its log holds back: the start began from the kept values);
    /// and, once it has started (the loop's next turn), the periods its counters found
    /// while starting.
    func observe(_ engine: Engine, unless skip: @escaping (EngineChange) -> Bool) -> AnyCancellable {
        recorder.observe(engine, unless: skip)
    }

    /// The values `configuration` keeps, as the last run left them: opens the state file
    /// the first time the configuration keeps something (a reload may be that time),
    /// forgets what it no longer keeps. Without a usable state directory it logs why
    /// and runs without keeping.
    func keptValues(for configuration: Configuration) -> KeptValues {
        recorder.learn(configuration)
        let keptKeys = recorder.keptKeys
        guard !keptKeys.isEmpty else {
            writer?.retain(only: [])
            return KeptValues()
        }
        if let writer {
            writer.retain(only: keptKeys)
        } else {
            do throws(KeptStateError) {
                let directory = try StateDirectory.forThisProcess(override: stateDirectory)
                let opened = StateWriter.open(path: directory.filePath, keeping: keptKeys, logger: logger)
                writer = opened
                recorder.sink = opened
                startTotals = opened.values.compactMapValues(\.number)
                logger.info("kept values: \(directory.filePath)")
            } catch {
                let hint = error.hint.isEmpty ? "" : "\nhint: \(error.hint)"
                logger.warning("warning: kept values will not survive a restart: \(error.message)\(hint)")
                return KeptValues()
            }
        }
        return recorder.keptValues(from: writer?.values ?? [:])
    }

    /// The last kept values on disk before the process ends (the only write on the
    /// loop's thread: nothing else waits for it any more).
    func close() {
        recorder.close()
        recorder.sink = nil
        writer?.close()
        writer = nil
    }

    /// Writes of the state file since start; 0 while the configuration keeps nothing.
    var stateWrites: Int { writer?.writes ?? 0 }

    /// What the state file holds for the counter `name` and when this run wrote it
    /// (nil: not written since start, the value is the one read at start), for `why`;
    /// nil when the counter's total is not kept.
    func keptTotal(of name: String) -> (total: Double?, age: Duration?)? {
        guard let key = NodeID(validating: .signal, name), recorder.keepsTotal(of: key), let writer else { return nil }
        if let written = writer.written(key) { return (written.value.number, written.age) }
        return (startTotals[key], nil)
    }
}

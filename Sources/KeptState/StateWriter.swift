#if canImport(Glibc)
@preconcurrency import Values
import Values
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemCore
import Locks
import Logging

/// Keeps values on disk without ever making the caller wait for the disk: `record`
/// only hands the value over, and a thread of the writer's own writes the state file.
///
/// - `record` stores the latest value of a key under a lock and, when the writer thread
///   has nothing to do, wakes it. It never blocks on I/O, so the event loop calls it.
/// - The thread writes the whole file atomically (`StateFile.write`) at once, then lets
///   `interval` pass before writing again: a burst of changes becomes two writes, and
///   the disk is never more than `interval` (and a write) behind. Nothing queues: only
///   the latest value of each key is held.
/// - A failing write (read-only file system, disk full) is logged once per distinct
///   error, never stops anything, and is tried again at the next change; the first
///   write that succeeds after failures is logged too.
/// - `flush` waits until what was recorded is on disk; `close` flushes and ends the
///   thread. Both are for an orderly stop.
///
/// ```swift
/// let place = try StateDirectory.forThisProcess(override: nil)
/// let writer = StateWriter.open(path: place.filePath, keeping: configKeys, logger: logger)
/// let start = writer.values[lamp] ?? false      // what the last run kept
/// writer.record(lamp, true)                      // on the loop thread, at each change
/// writer.close()                                 // at stop
/// ```
public final class StateWriter: @unchecked Sendable {
    /// How long the writer lets pass after a write before the next one. At most a
    /// second, so that a change is on disk within a second of being recorded.
    public static let coalescingInterval: Duration = .milliseconds(500)

    /// Saves values to a path: `StateFile.write`, or a test's double.
    typealias Save = @Sendable ([NodeID: KeptValue], String) throws(KeptStateError) -> Void

    /// The state file.
    public let path: String
    private let core: Core

    /// A writer of `values` (those on disk already) to the file at `path`; its thread
    /// starts at once and writes nothing until a change.
    public convenience init(path: String, values: [NodeID: KeptValue] = [:],
                            interval: Duration = StateWriter.coalescingInterval,
                            logger: Logger = Logger(label: "gpioagg.kept-state")) {
        self.init(path: path, values: values, interval: interval, logger: logger,
                  save: { values, path throws(KeptStateError) in try StateFile.write(values, path: path) })
    }

    init(path: String, values: [NodeID: KeptValue], interval: Duration, logger: Logger, save: @escaping Save) {
        self.path = path
        let (seconds, attoseconds) = interval.components
        let nanoseconds = UInt64(max(0, min(seconds, 3600))) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
        core = Core(path: path, values: values, interval: nanoseconds, logger: logger, save: save)
        core.start()
    }

    /// Reads the state file at `path`, keeps only the values of `keys` (those the config
    /// still declares), removes temporary files an earlier run left behind, and starts a
    /// writer. A file that cannot be read is logged as a warning naming it and what is
    /// wrong, and the writer starts empty; a missing file is an empty start, silently.
    public static func open(path: String, keeping keys: Set<NodeID>,
                            logger: Logger = Logger(label: "gpioagg.kept-state")) -> StateWriter {
        var values: [NodeID: KeptValue] = [:]
        do {
            values = try StateFile.read(path: path)
        } catch {
            logger.warning("warning: \(error)")
        }
        StateFile.removeTemporaries(for: path)
        let writer = StateWriter(path: path, values: values, logger: logger)
        writer.retain(only: keys)
        return writer
    }

    deinit {
        core.close()
    }

    /// The latest value of each key: what was read, with every change since.
    public var values: [NodeID: KeptValue] {
        core.lock.withLock { core.machine.values }
    }

    /// How many times this writer has written the state file, the writes that failed
    /// left out.
    public var writes: Int {
        core.lock.withLock { core.machine.writes }
    }

    /// What this writer last put on disk for `key`, and how long ago (nil before its
    /// first write, or when that write did not hold `key`): what a power cut now would
    /// leave. Values read at start and not written since are not in it.
    public func written(_ key: NodeID) -> (value: KeptValue, age: Duration)? {
        let (record, now) = core.lock.withLock { (core.written, Core.now()) }
        guard let record, let value = record.values[key] else { return nil }
        return (value, .nanoseconds(Int64(clamping: now &- record.at)))
    }

    /// Keeps `value` for `key`. Never waits for the disk: the value is on disk within
    /// `interval` (and a write). Ignored after `close`.
    ///
    /// `promptly`: on disk as soon as the writer thread gets to it, without waiting for
    /// the rest of the interval; for a value its caller already records seldom (a kept
    /// total, at most once per its `persist_every`).
    public func record(_ key: NodeID, _ value: KeptValue, promptly: Bool = false) {
        let action = core.lock.withLock { core.machine.record(key, value, promptly: promptly) }
        if action == .wakeWriter { core.wakeUp.signal() }
    }

    /// Forgets the values of every key not in `keys`: what the config no longer declares
    /// as kept, at start and at each reload. The file loses them at the next write.
    public func retain(only keys: Set<NodeID>) {
        let action = core.lock.withLock { core.machine.retain(only: keys) }
        if action == .wakeWriter { core.wakeUp.signal() }
    }

    /// Waits until every value recorded so far is on disk, without waiting for the rest
    /// of the interval; a write that failed is tried once more. Throws that write's
    /// error when it fails again (it is logged as well, once). Blocks for as long as the
    /// disk takes: on the event loop's thread, only at stop.
    public func flush() throws(KeptStateError) {
        let completion = Completion()
        switch core.lock.withLock({ core.machine.flush(completion) }) {
        case .done(let error):
            if let error { throw error }
        case .wait(let wakeWriter):
            if wakeWriter { core.wakeUp.signal() }
            if let error = completion.wait() { throw error }
        }
    }

    /// Writes what is pending (a failed write is tried once more) and ends the writer's
    /// thread; `record` does nothing afterwards. Failures are logged as usual. Waits for
    /// the disk: on the event loop's thread, only at stop.
    public func close() {
        core.close()
    }
}

extension StateWriter {
    /// What the writer thread shares with the callers. The thread holds the core, not the
    /// writer, so that a writer nobody holds any more goes away (and closes).
    final class Core: @unchecked Sendable {
        let lock = Lock()
        let wakeUp = Semaphore()
        /// Guarded by `lock`.
        var machine: StateMachine<Completion>
        /// What the last successful write put on disk, and when (`CLOCK_MONOTONIC`, ns).
        /// Guarded by `lock`.
        var written: (values: [NodeID: KeptValue], at: UInt64)?
        let path: String
        let logger: Logger
        let save: Save

        init(path: String, values: [NodeID: KeptValue], interval: UInt64, logger: Logger, save: @escaping Save) {
            self.path = path
            self.logger = logger
            self.save = save
            machine = StateMachine(values: values, interval: interval)
        }

        func start() {
            do throws(SystemCallError) {
                // The thread holds the core until it exits.
                try SystemThread.start(name: "gpioagg-state") { self.run() }
            } catch {
                fatalError("cannot start the kept state's writer thread: \(error)")
            }
        }

        func close() {
            let completion = Completion()
            switch lock.withLock({ machine.close(completion) }) {
            case .done:
                return
            case .wait(let wakeWriter):
                if wakeWriter { wakeUp.signal() }
                _ = completion.wait()
            }
        }

        private func run() {
            while true {
                switch lock.withLock({ machine.nextStep(now: Self.now()) }) {
                case .write(let values, let generation):
                    var failure: KeptStateError?
                    do {
                        try save(values, path)
                    } catch {
                        failure = error
                    }
                    let finished = lock.withLock {
                        let now = Self.now()
                        if failure == nil { written = (values, now) }
                        return machine.writeFinished(generation: generation, error: failure, now: now)
                    }
                    switch finished.report {
                    case .failed(let error)?:
                        logger.error("error: \(error)")
                    case .recovered?:
                        logger.notice("kept state written to \(path) again")
                    case nil:
                        break
                    }
                    for (waiter, error) in finished.release { waiter.finish(error) }
                case .waitForChange:
                    wakeUp.wait()
                case .sleep(let nanoseconds):
                    _ = wakeUp.wait(timeout: .nanoseconds(Int64(clamping: nanoseconds)))
                case .exit(let release):
                    for (waiter, error) in release { waiter.finish(error) }
                    return
                }
            }
        }

        /// `CLOCK_MONOTONIC` in nanoseconds.
        static func now() -> UInt64 {
            var time = timespec()
            _ = clock_gettime(CLOCK_MONOTONIC, &time)
            return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
        }
    }
}

extension StateWriter {
    /// One caller waiting in `flush` or `close`, and how its wait ended.
    final class Completion: @unchecked Sendable {
        private let done = Semaphore()
        /// Written before `done` is signalled, read after it is waited on.
        private var error: KeptStateError?

        func finish(_ error: KeptStateError?) {
            self.error = error
            done.signal()
        }

        /// Nil when the values the caller waited for are on disk.
        func wait() -> KeptStateError? {
            done.wait()
            return error
        }
    }
}

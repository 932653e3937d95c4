import Locks
import SystemCore

/// Writes PWM channels' files on a thread of its own, so that the thread that asks (the
/// engine's event loop) never waits on a driver: a write runs the controller driver's
/// `apply`, microseconds on a SoC, a bus transfer on an I²C controller (a PCA9685), and
/// for ever on a hung bus.
///
/// - `ask` hands a channel's new state over under a lock and returns; only the last
///   state asked of each channel is kept (`StateMachine`), so a burst costs the write
///   under way and one more, and the last value always wins.
/// - A write that fails is told to the channel's `report`, on the writer's thread.
/// - `settle` waits, at most a given time, until a channel's last state asked is written:
///   for a start that must know its first writes took, and for the safe values at stop,
///   which must be on the channel before the process exits.
///
/// One thread per `SysfsPWMBackend`, started at its first write: a driver that hangs
/// holds the writes of that backend's other channels, never the loop.
///
/// ```swift
/// let writer = PWMWriter()
/// writer.ask(key, PWMWriter.Job(write: { channel.write(state) }, report: { error in log(error) }))
/// writer.settle(key, within: .seconds(2))    // .written
/// ```
final class PWMWriter: @unchecked Sendable {
    /// What `top -H` shows the thread as.
    static let threadName = "gpioagg-pwm"

    /// One state to write: the write (nil when it took, else why not) and who hears of
    /// a failure.
    struct Job: @unchecked Sendable {
        var write: () -> PWMError?
        var report: (PWMError) -> Void
    }

    /// How a wait in `settle` ended.
    enum Settled: Equatable {
        case written
        case failed(PWMError)
        /// The write is still under way (or waiting behind one that is).
        case unfinished
    }

    private let core = Core()

    deinit {
        core.close()
    }

    /// Hands `job` over for the channel `key`, replacing a state of it still waiting.
    /// Never waits.
    func ask(_ key: ObjectIdentifier, _ job: Job) {
        core.ask(key, job)
    }

    /// Waits until the last state asked of `key` is written, at most `timeout`.
    func settle(_ key: ObjectIdentifier, within timeout: Duration) -> Settled {
        let completion = Completion()
        switch core.lock.withLock({ core.machine.settle(key, completion) }) {
        case .done(let error):
            return error.map { .failed($0) } ?? .written
        case .wait(let wakeWriter):
            if wakeWriter { core.wakeUp.signal() }
            guard let outcome = completion.wait(timeout: timeout) else { return .unfinished }
            return outcome.map { .failed($0) } ?? .written
        }
    }
}

extension PWMWriter {
    /// What the writer thread shares with the callers. The thread holds the core, not the
    /// writer, so that a writer nobody holds any more goes away (and its thread ends).
    final class Core: @unchecked Sendable {
        let lock = Lock()
        let wakeUp = Semaphore()
        /// Guarded by `lock`.
        var machine = StateMachine<ObjectIdentifier, Job, Completion>()
        /// Guarded by `lock`.
        private var started = false

        func ask(_ key: ObjectIdentifier, _ job: Job) {
            let (action, start) = lock.withLock { () -> (StateMachine<ObjectIdentifier, Job, Completion>.AskAction, Bool) in
                defer { started = true }
                return (machine.ask(key, job), !started)
            }
            if start {
                do throws(SystemCallError) {
                    // The thread holds the core until it exits.
                    try SystemThread.start(name: PWMWriter.threadName) { self.run() }
                } catch {
                    fatalError("cannot start the PWM writer thread: \(error)")
                }
            }
            if action == .wakeWriter { wakeUp.signal() }
        }

        func close() {
            if lock.withLock({ machine.close() }) == .wakeWriter { wakeUp.signal() }
        }

        private func run() {
            while true {
                switch lock.withLock({ machine.nextStep() }) {
                case .write(let key, let job, let generation):
                    let error = job.write()
                    let release = lock.withLock { machine.writeFinished(key, generation: generation, error: error) }
                    if let error { job.report(error) }
                    for (waiter, error) in release { waiter.finish(error) }
                case .waitForWork:
                    wakeUp.wait()
                case .exit(let release):
                    for waiter in release { waiter.finish(nil) }
                    return
                }
            }
        }
    }

    /// One caller waiting in `settle`, and how its wait ended.
    final class Completion: @unchecked Sendable {
        private let done = Semaphore()
        private let lock = Lock()
        private var error: PWMError?

        func finish(_ error: PWMError?) {
            lock.withLock { self.error = error }
            done.signal()
        }

        /// Nil when `timeout` passed first; else the write's error, if it failed.
        func wait(timeout: Duration) -> PWMError?? {
            guard done.wait(timeout: timeout) else { return nil }
            return .some(lock.withLock { error })
        }
    }
}

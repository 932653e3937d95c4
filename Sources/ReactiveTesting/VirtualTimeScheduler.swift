import Locks
import Reactive

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A deterministic scheduler whose clock moves only when a test says so.
///
/// Actions run in order of their due time, and in the order they were scheduled when
/// due at the same time. While an action runs, `now` is its due time; an action that
/// schedules another one due no later than the target of the current `advance` sees it
/// run within the same `advance`. `schedule(options:_:)` means "as soon as possible":
/// the action is due now and runs on the next `advance` (or `run`).
///
/// ```swift
/// let scheduler = VirtualTimeScheduler()
/// let output = input.debounce(for: .milliseconds(10), scheduler: scheduler)
/// input.send(1)
/// scheduler.advance(by: .milliseconds(9))    // nothing yet
/// scheduler.advance(by: .milliseconds(1))    // 1 arrives
/// ```
public final class VirtualTimeScheduler: Scheduler, @unchecked Sendable {
    public typealias SchedulerOptions = Never

    private struct Action {
        let due: SchedulerTimeType
        let sequence: UInt64
        let interval: SchedulerTimeType.Stride?
        let token: CancellationToken
        let body: () -> Void
    }

    private final class CancellationToken: Cancellable, @unchecked Sendable {
        private let lock = Lock()
        private var cancelled = false
        var isCancelled: Bool { lock.withLock { cancelled } }
        func cancel() { lock.withLock { cancelled = true } }
    }

    private let lock = Lock()
    private var clock: SchedulerTimeType
    private var queue: [Action] = []
    private var nextSequence: UInt64 = 0

    public init(now: SchedulerTimeType = .init(0)) {
        clock = now
    }

    public var now: SchedulerTimeType { lock.withLock { clock } }

    public var minimumTolerance: SchedulerTimeType.Stride { .zero }

    /// How many actions wait (repeating ones count once).
    public var pendingActionCount: Int { lock.withLock { queue.filter { !$0.token.isCancelled }.count } }

    public func schedule(options: Never?, _ action: @escaping () -> Void) {
        lock.withLock { enqueueLocked(due: clock, interval: nil, token: CancellationToken(), action) }
    }

    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
                         options: Never?, _ action: @escaping () -> Void) {
        lock.withLock { enqueueLocked(due: date, interval: nil, token: CancellationToken(), action) }
    }

    public func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
                         tolerance: SchedulerTimeType.Stride, options: Never?,
                         _ action: @escaping () -> Void) -> Cancellable {
        let token = CancellationToken()
        lock.withLock {
            enqueueLocked(due: date, interval: Swift.max(interval, .nanoseconds(1)), token: token, action)
        }
        return token
    }

    /// Moves the clock forward by `stride`, running every action due on the way.
    public func advance(by stride: SchedulerTimeType.Stride = .zero) {
        advance(to: now.advanced(by: stride))
    }

    /// Moves the clock to `target` (never backwards), running every action due on the way.
    public func advance(to target: SchedulerTimeType) {
        while let action = popDue(notAfter: target) {
            action.body()
            if let interval = action.interval, !action.token.isCancelled {
                lock.withLock {
                    enqueueLocked(due: action.due.advanced(by: interval), interval: interval,
                                  token: action.token, action.body)
                }
            }
        }
        lock.withLock { if clock < target { clock = target } }
    }

    /// Runs until no one-shot action is left. Repeating actions would run forever, so
    /// this stops with a precondition failure after `limit` actions.
    public func run(limit: Int = 100_000) {
        var ran = 0
        while let due = lock.withLock({ queue.lazy.filter { !$0.token.isCancelled }.map(\.due).min() }) {
            advance(to: due)
            ran += 1
            precondition(ran < limit, "VirtualTimeScheduler.run: more than \(limit) actions; a repeating action never stops")
        }
    }

    private func enqueueLocked(due: SchedulerTimeType, interval: SchedulerTimeType.Stride?,
                               token: CancellationToken, _ body: @escaping () -> Void) {
        queue.append(Action(due: Swift.max(due, clock), sequence: nextSequence,
                            interval: interval, token: token, body: body))
        nextSequence += 1
    }

    /// Takes the earliest due action (FIFO among equals) and sets the clock to its time.
    private func popDue(notAfter target: SchedulerTimeType) -> Action? {
        lock.withLock {
            queue.removeAll { $0.token.isCancelled }
            guard let index = queue.indices.min(by: { (queue[$0].due, queue[$0].sequence) < (queue[$1].due, queue[$1].sequence) }),
                  queue[index].due <= target
            else { return nil }
            let action = queue.remove(at: index)
            clock = action.due
            return action
        }
    }
}

extension VirtualTimeScheduler {
    /// An instant on the virtual clock, in nanoseconds since its start.
    public struct SchedulerTimeType: Strideable, Hashable, Sendable, CustomStringConvertible {
        public var nanoseconds: Int64

        public init(_ nanoseconds: Int64) {
            self.nanoseconds = nanoseconds
        }

        public func distance(to other: Self) -> Stride {
            Stride(nanoseconds: other.nanoseconds - nanoseconds)
        }

        public func advanced(by n: Stride) -> Self {
            Self(nanoseconds + n.nanoseconds)
        }

        public var description: String { "t+\(Stride(nanoseconds: nanoseconds))" }

        /// A span of time in whole nanoseconds.
        public typealias Stride = NanosecondStride
    }
}

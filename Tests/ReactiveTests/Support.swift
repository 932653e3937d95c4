import Dispatch
import Reactive
import ReactiveTesting

/// The failures the tests send, so completions compare with `==`.
enum TestError: Error, Equatable {
    case boom
    case other
}

typealias Events<Value> = [TimedEvent<Value, TestError>]

/// Something to hold only weakly, to see whether a pipeline let go of it.
final class Probe: @unchecked Sendable {
    init() {}
}

/// An upstream that ignores `cancel()` and keeps calling its subscriber: what an operator
/// must survive without passing anything on after it has terminated.
final class StubbornPublisher<Output>: Publisher, @unchecked Sendable {
    typealias Failure = TestError

    private var subscriber: AnySubscriber<Output, TestError>?
    private(set) var cancelCount = 0
    /// Runs inside `cancel()`, e.g. to call back into the operator that is cancelling.
    var onCancel: (() -> Void)?

    init() {}

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == TestError {
        self.subscriber = AnySubscriber(subscriber)
        subscriber.receive(subscription: Handle(owner: self))
    }

    @discardableResult
    func send(_ value: Output) -> Subscribers.Demand { subscriber?.receive(value) ?? .none }

    func send(completion: Subscribers.Completion<TestError>) { subscriber?.receive(completion: completion) }

    private final class Handle: Subscription {
        let owner: StubbornPublisher
        init(owner: StubbornPublisher) { self.owner = owner }
        func request(_ demand: Subscribers.Demand) {}
        func cancel() {
            owner.cancelCount += 1
            owner.onCancel?()
        }
    }
}

/// A value that may cross threads because the test keeps its own order.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}

/// Runs `body` on another thread and waits for it; false if it did not return within
/// `seconds`, which here means a deadlock (the stuck thread is left behind).
func returnsInTime(seconds: Double = 20, _ body: @escaping () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    let work = UncheckedSendable(value: body)
    DispatchQueue.global().async {
        work.value()
        done.signal()
    }
    return done.wait(timeout: .now() + seconds) == .success
}

/// A tuple from withLatestFrom, made comparable.
struct Pair<A: Equatable, B: Equatable>: Equatable, CustomStringConvertible {
    let first: A
    let second: B

    init(_ first: A, _ second: B) {
        self.first = first
        self.second = second
    }

    init(_ tuple: (A, B)) {
        self.init(tuple.0, tuple.1)
    }

    var description: String { "(\(first), \(second))" }
}

extension TestRecorder {
    /// Number of events of any kind, to check that nothing more arrived.
    var eventCount: Int { events.count }
}

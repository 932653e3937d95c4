import Locks
import Reactive

/// A publisher driven by hand, that records what its subscriber asks of it: demand
/// requests, cancellation, and when it was subscribed (into a shared `log`).
///
/// It serves one subscriber at a time; `send` calls that subscriber synchronously and
/// returns the demand it gave back.
public final class TestPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    public let name: String
    private let lock = Lock()
    private let log: TestLog?
    private var subscriber: AnySubscriber<Output, Failure>?
    private var _demands: [Subscribers.Demand] = []
    private var _cancelCount = 0

    /// Runs right after the subscriber got its subscription, e.g. to complete at once.
    public var onSubscribe: ((TestPublisher) -> Void)?

    public init(_ name: String = "publisher", log: TestLog? = nil) {
        self.name = name
        self.log = log
    }

    /// Every demand requested, in order.
    public var demands: [Subscribers.Demand] { lock.withLock { _demands } }
    /// The sum of every demand requested.
    public var totalDemand: Subscribers.Demand { demands.reduce(.none, +) }
    public var cancelCount: Int { lock.withLock { _cancelCount } }
    public var isCancelled: Bool { cancelCount > 0 }
    public var hasSubscriber: Bool { lock.withLock { subscriber != nil } }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        lock.withLock { self.subscriber = AnySubscriber(subscriber) }
        log?.append("subscribe \(name)")
        subscriber.receive(subscription: Handle(publisher: self))
        onSubscribe?(self)
    }

    @discardableResult
    public func send(_ value: Output) -> Subscribers.Demand {
        guard let subscriber = lock.withLock({ subscriber }) else { return .none }
        return subscriber.receive(value)
    }

    public func send(completion: Subscribers.Completion<Failure>) {
        let subscriber = lock.withLock { () -> AnySubscriber<Output, Failure>? in
            defer { self.subscriber = nil }
            return self.subscriber
        }
        subscriber?.receive(completion: completion)
    }

    private final class Handle: Subscription {
        let publisher: TestPublisher

        init(publisher: TestPublisher) { self.publisher = publisher }

        func request(_ demand: Subscribers.Demand) {
            publisher.lock.withLock { publisher._demands.append(demand) }
            publisher.log?.append("request \(publisher.name) \(demand)")
        }

        func cancel() {
            publisher.lock.withLock {
                publisher._cancelCount += 1
                publisher.subscriber = nil
            }
            publisher.log?.append("cancel \(publisher.name)")
        }
    }
}

/// A thread-safe list of what happened, shared by several test doubles to check order.
public final class TestLog: @unchecked Sendable {
    private let lock = Lock()
    private var _entries: [String] = []

    public init() {}

    public var entries: [String] { lock.withLock { _entries } }

    public func append(_ entry: String) {
        lock.withLock { _entries.append(entry) }
    }
}

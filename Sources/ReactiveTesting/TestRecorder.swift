import Locks
import Reactive

/// A subscriber that records everything it receives, with the virtual time it came at,
/// and lets the test control demand.
///
/// It also watches the Combine rule that calls into a subscriber never overlap:
/// `overlappingCalls` counts calls that arrived while another was still running
/// (concurrent from another thread, or nested from the same one).
public final class TestRecorder<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    public typealias Event = TimedEvent<Input, Failure>

    private let lock = Lock()
    private let initialDemand: Subscribers.Demand
    private let clock: () -> Int64
    private var _subscription: Subscription?
    private var _events: [Event] = []
    private var _subscriptionCount = 0
    private var callsInProgress = 0
    private var _overlappingCalls = 0

    /// Demand to return from each `receive(_:)`, after `onValue` ran.
    public var demandPerValue: Subscribers.Demand = .none
    /// Runs inside `receive(_:)`, e.g. to send into an upstream (re-entrancy tests).
    public var onValue: ((Input) -> Void)?
    /// Runs inside `receive(subscription:)`, before the initial demand is requested.
    public var onSubscription: ((Subscription) -> Void)?

    /// - Parameters:
    ///   - demand: requested as soon as the subscription arrives (`.none` for none).
    ///   - scheduler: stamps events with its clock; without one every event is at 0.
    public init(demand: Subscribers.Demand = .unlimited, scheduler: VirtualTimeScheduler? = nil) {
        initialDemand = demand
        if let scheduler {
            clock = { scheduler.now.nanoseconds }
        } else {
            clock = { 0 }
        }
    }

    public var subscription: Subscription? { lock.withLock { _subscription } }
    public var subscriptionCount: Int { lock.withLock { _subscriptionCount } }
    public var events: [Event] { lock.withLock { _events } }
    public var overlappingCalls: Int { lock.withLock { _overlappingCalls } }

    public var values: [Input] {
        events.compactMap { if case .value(let value) = $0.event { value } else { nil } }
    }

    public var completion: Subscribers.Completion<Failure>? {
        events.lazy.compactMap { event -> Subscribers.Completion<Failure>? in
            switch event.event {
            case .value: return nil
            case .finished: return .finished
            case .failure(let error): return .failure(error)
            }
        }.first
    }

    public var isFinished: Bool {
        if case .finished = completion { return true }
        return false
    }

    public func request(_ demand: Subscribers.Demand) {
        subscription?.request(demand)
    }

    /// Cancels and lets go of the subscription.
    public func cancel() {
        let subscription = lock.withLock { () -> Subscription? in
            defer { _subscription = nil }
            return _subscription
        }
        subscription?.cancel()
    }

    public func receive(subscription: Subscription) {
        enter()
        lock.withLock {
            _subscription = subscription
            _subscriptionCount += 1
        }
        onSubscription?(subscription)
        if initialDemand > .none { subscription.request(initialDemand) }
        leave()
    }

    public func receive(_ input: Input) -> Subscribers.Demand {
        enter()
        defer { leave() }
        record(.value(input))
        onValue?(input)
        return demandPerValue
    }

    public func receive(completion: Subscribers.Completion<Failure>) {
        enter()
        defer { leave() }
        switch completion {
        case .finished: record(.finished)
        case .failure(let error): record(.failure(error))
        }
        lock.withLock { _subscription = nil }
    }

    private func record(_ event: Event.Event) {
        let time = clock()
        lock.withLock { _events.append(Event(time, event)) }
    }

    private func enter() {
        lock.withLock {
            callsInProgress += 1
            if callsInProgress > 1 { _overlappingCalls += 1 }
        }
    }

    private func leave() {
        lock.withLock { callsInProgress -= 1 }
    }
}

import Locks

extension Publishers {
    /// Each value of `upstream` paired with the latest value of `other` (sampling).
    ///
    /// RxSwift's semantics, which Combine lacks:
    /// - `other` is subscribed first (and asked for unlimited values), then `upstream`,
    ///   so two publishers that start with a current value pair up at once;
    /// - a value of `upstream` is emitted only once `other` has produced one; earlier
    ///   `upstream` values are dropped, not buffered (and do not use up demand);
    /// - it completes when `upstream` completes, even if `other` never produced a
    ///   value; `other` finishing is ignored (its last value keeps serving);
    /// - a failure from either side is forwarded and the other side is cancelled.
    ///
    /// Downstream demand is forwarded to `upstream` only.
    ///
    /// ```swift
    /// // Each press of the button reads the mode switch.
    /// button.withLatestFrom(modeSwitch).sink { press, mode in ... }
    /// ```
    public struct WithLatestFrom<Upstream: Publisher, Other: Publisher>: Publisher
    where Upstream.Failure == Other.Failure {
        public typealias Output = (Upstream.Output, Other.Output)
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let other: Other

        @inlinable
        public init(upstream: Upstream, other: Other) {
            self.upstream = upstream
            self.other = other
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            let subscription = WithLatestFromSubscription<Upstream, Other, S>(downstream: subscriber)
            other.subscribe(subscription.otherSide)
            upstream.subscribe(subscription.sourceSide)
            subscription.handOver(subscription)
        }
    }
}

extension Publisher {
    /// Pairs each value with the latest value of `other`; see
    /// ``Publishers/WithLatestFrom``.
    @inlinable
    public func withLatestFrom<Other: Publisher>(_ other: Other) -> Publishers.WithLatestFrom<Self, Other>
    where Other.Failure == Failure {
        Publishers.WithLatestFrom(upstream: self, other: other)
    }

    /// Combines each value with the latest value of `other` through `resultSelector`.
    ///
    /// ```swift
    /// trigger.withLatestFrom(level) { _, level in level }
    /// ```
    @inlinable
    public func withLatestFrom<Other: Publisher, Result>(
        _ other: Other,
        _ resultSelector: @escaping (Output, Other.Output) -> Result
    ) -> Publishers.Map<Publishers.WithLatestFrom<Self, Other>, Result>
    where Other.Failure == Failure {
        withLatestFrom(other).map(resultSelector)
    }
}

@usableFromInline
final class WithLatestFromSubscription<Upstream: Publisher, Other: Publisher, Downstream: Subscriber>:
    SerialSubscription<Downstream>, Subscription, CustomStringConvertible
where Upstream.Failure == Other.Failure,
      Downstream.Input == (Upstream.Output, Other.Output), Downstream.Failure == Upstream.Failure
{
    @usableFromInline typealias Failure = Upstream.Failure

    /// The other side's latest value, when `hasLatest` (no `Optional` of a generic
    /// type on the per-value path; see `Outbox`).
    @usableFromInline let latest: UnsafeMutablePointer<Other.Output>
    @usableFromInline @exclusivity(unchecked) var hasLatest = false
    @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
    @usableFromInline @exclusivity(unchecked) var source: Subscription?
    @usableFromInline @exclusivity(unchecked) var otherSubscription: Subscription?

    @inlinable
    override init(downstream: Downstream) {
        latest = .allocate(capacity: 1)
        super.init(downstream: downstream)
    }

    @inlinable
    deinit {
        if hasLatest { latest.deinitialize(count: 1) }
        latest.deallocate()
    }

    @inlinable
    var description: String { "WithLatestFrom" }

    // The two sides hold this subscription strongly until they complete or are cancelled.
    @inlinable
    var sourceSide: SourceSide { SourceSide(parent: self) }
    @inlinable
    var otherSide: OtherSide { OtherSide(parent: self) }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        guard !outbox.isTerminated else { return lock.unlock() }
        self.demand += demand
        let source = self.source
        lock.unlock()
        source?.request(demand)
    }

    @inlinable
    override func downstreamRequested(_ demand: Subscribers.Demand) {
        request(demand)
    }

    @inlinable
    func cancel() {
        lock.lock()
        let detached = detachDownstreamLocked()
        let running = (source, otherSubscription)
        source = nil
        otherSubscription = nil
        lock.unlock()
        running.0?.cancel()
        running.1?.cancel()
        withExtendedLifetime(detached) {}
    }

    // MARK: From the sides

    @inlinable
    func attach(_ subscription: Subscription, isSource: Bool) {
        lock.lock()
        guard !outbox.isTerminated else {
            lock.unlock()
            return subscription.cancel()
        }
        if isSource { source = subscription } else { otherSubscription = subscription }
        // A source that arrives late (e.g. behind `subscribe(on:)`) is owed the demand
        // requested so far; nothing has been delivered yet, so that is `demand`.
        let owed: Subscribers.Demand = isSource ? demand : .unlimited
        lock.unlock()
        if owed > .none { subscription.request(owed) }
    }

    @inlinable
    func receiveSource(_ input: Upstream.Output) -> Subscribers.Demand {
        lock.lock()
        guard !outbox.isTerminated else {
            lock.unlock()
            return .none
        }
        guard hasLatest else {
            // Dropped: the downstream still wants as many values as before.
            let giveBack: Subscribers.Demand = demand == .unlimited ? .none : .max(1)
            lock.unlock()
            return giveBack
        }
        guard demand > .none else {
            lock.unlock()
            return .none
        }
        demand -= 1
        outbox.send((input, latest.pointee))
        let next = claimNextLocked()
        lock.unlock()
        if next != .nothing { deliver(next) }
        return .none
    }

    @inlinable
    func receiveOther(_ input: Other.Output) -> Subscribers.Demand {
        lock.lock()
        if hasLatest {
            latest.pointee = input
        } else {
            latest.initialize(to: input)
            hasLatest = true
        }
        lock.unlock()
        return .none
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>, isSource: Bool) {
        lock.lock()
        guard !outbox.isTerminated else { return lock.unlock() }
        if case .finished = completion, !isSource {
            otherSubscription = nil  // its last value keeps serving
            return lock.unlock()
        }
        outbox.finish(completion)
        let running = isSource ? otherSubscription : source
        source = nil
        otherSubscription = nil
        let next = claimNextLocked()
        lock.unlock()
        running?.cancel()
        if next != .nothing { deliver(next) }
    }

    @usableFromInline
    struct SourceSide: Subscriber, CustomStringConvertible {
        @usableFromInline typealias Input = Upstream.Output
        @usableFromInline typealias Failure = Upstream.Failure

        @usableFromInline let parent: WithLatestFromSubscription
        @usableFromInline let combineIdentifier = CombineIdentifier()

        @inlinable init(parent: WithLatestFromSubscription) { self.parent = parent }

        @inlinable var description: String { "WithLatestFrom.source" }

        @inlinable func receive(subscription: Subscription) { parent.attach(subscription, isSource: true) }
        @inlinable func receive(_ input: Input) -> Subscribers.Demand { parent.receiveSource(input) }
        @inlinable func receive(completion: Subscribers.Completion<Failure>) {
            parent.receive(completion: completion, isSource: true)
        }
    }

    @usableFromInline
    struct OtherSide: Subscriber, CustomStringConvertible {
        @usableFromInline typealias Input = Other.Output
        @usableFromInline typealias Failure = Other.Failure

        @usableFromInline let parent: WithLatestFromSubscription
        @usableFromInline let combineIdentifier = CombineIdentifier()

        @inlinable init(parent: WithLatestFromSubscription) { self.parent = parent }

        @inlinable var description: String { "WithLatestFrom.other" }

        @inlinable func receive(subscription: Subscription) { parent.attach(subscription, isSource: false) }
        @inlinable func receive(_ input: Input) -> Subscribers.Demand { parent.receiveOther(input) }
        @inlinable func receive(completion: Subscribers.Completion<Failure>) {
            parent.receive(completion: completion, isSource: false)
        }
    }
}

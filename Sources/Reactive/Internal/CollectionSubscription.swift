import Locks

/// One subscription for a whole collection of upstreams: flat (no nesting of binary
/// operators, no recursion that grows with the count), with the operator's logic in a
/// `CollectionCore`.
///
/// Everything here is `@inlinable` so that a client's concrete pipeline runs as
/// specialised code rather than through generic metadata look-ups on every value.
@usableFromInline
final class CollectionSubscription<Upstream: Publisher, Core: CollectionCore, Downstream: Subscriber>:
    SerialSubscription<Downstream>, Subscription, CustomStringConvertible
where Core.Input == Upstream.Output, Core.Failure == Upstream.Failure,
      Downstream.Input == Core.Output, Downstream.Failure == Core.Failure
{
    @usableFromInline let description: String
    @usableFromInline @exclusivity(unchecked) var core: Core
    /// Index-aligned; an entry is released when its upstream completes.
    @usableFromInline @exclusivity(unchecked) var upstreams: [Subscription?]
    /// Everything forwarded to all upstreams so far. An upstream whose subscription
    /// arrives late (e.g. behind `subscribe(on:)`) is asked for this when it does.
    @usableFromInline @exclusivity(unchecked) var forwardedToAll = Subscribers.Demand.none

    @inlinable
    init(name: String, count: Int, downstream: Downstream) {
        description = name
        core = Core(upstreamCount: count)
        upstreams = Array(repeating: nil, count: count)
        super.init(downstream: downstream)
    }

    /// Subscribes the upstreams in index order, then hands the subscription downstream.
    @inlinable
    static func subscribe<Upstreams: Collection>(
        _ downstream: Downstream, to publishers: Upstreams, name: String
    ) where Upstreams.Element == Upstream {
        let subscription = CollectionSubscription(name: name, count: publishers.count, downstream: downstream)
        for (index, publisher) in publishers.enumerated() {
            // The value path is a closure made here, where the types are concrete when
            // the caller's code is specialised: the upstream reaches the child through
            // type-erased plumbing, but the closure body stays specialised code.
            publisher.subscribe(Child(parent: subscription, index: index) { [subscription] input in
                subscription.receive(input, from: index)
            })
        }
        subscription.lock.lock()
        if !subscription.outbox.isTerminated {
            subscription.core.start(into: subscription.outbox)
        }
        // Delivery waits for the handover (nothing is claimed before it).
        subscription.unlockAndCarryOut(.none)
        subscription.handOver(subscription)
    }

    // MARK: Subscription

    @inlinable
    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        guard !outbox.isTerminated else { return lock.unlock() }
        unlockAndCarryOut(core.request(demand, into: outbox))
    }

    @inlinable
    override func downstreamRequested(_ demand: Subscribers.Demand) {
        request(demand)
    }

    @inlinable
    func cancel() {
        lock.lock()
        let detached = detachDownstreamLocked()
        let running = upstreams
        upstreams = []
        lock.unlock()
        running.forEach { $0?.cancel() }
        withExtendedLifetime(detached) {}
    }

    // MARK: From the children

    @inlinable
    func attach(_ subscription: Subscription, at index: Int) {
        lock.lock()
        guard !outbox.isTerminated, upstreams.indices.contains(index) else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstreams[index] = subscription
        let owed = forwardedToAll
        lock.unlock()
        if owed > .none { subscription.request(owed) }
    }

    @inlinable
    func receive(_ input: Upstream.Output, from index: Int) -> Subscribers.Demand {
        lock.lock()
        guard !outbox.isTerminated else {
            lock.unlock()
            return .none
        }
        let demand = core.receive(input, from: index, into: outbox)
        unlockAndCarryOut(.none)
        return demand
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Upstream.Failure>, from index: Int) {
        lock.lock()
        guard !outbox.isTerminated else { return lock.unlock() }
        if upstreams.indices.contains(index) { upstreams[index] = nil }
        core.receive(completion: completion, from: index, into: outbox)
        unlockAndCarryOut(.none)
    }

    // MARK: Helpers

    /// Once terminated, the upstreams still running are to be cancelled (outside the lock).
    @inlinable @inline(__always)
    func releaseUpstreamsIfTerminatedLocked() -> [Subscription?] {
        guard outbox.isTerminated, !upstreams.isEmpty else { return [] }
        defer { upstreams = [] }
        return upstreams
    }

    /// Calls to upstreams decided under the lock, made after releasing it.
    @usableFromInline
    struct UpstreamWork {
        @usableFromInline var targets: [Subscription?] = []
        @usableFromInline var demand: Subscribers.Demand = .none
        @usableFromInline var cancel: [Subscription?] = []

        @inlinable init() {}

        @inlinable
        func perform() {
            cancel.forEach { $0?.cancel() }
            guard demand > .none else { return }
            for target in targets { target?.request(demand) }
        }
    }

    /// Call with `lock` held, after a decision of the core. Releases the lock, then
    /// cancels the upstreams a termination left running, makes the calls `directive`
    /// asks of the upstreams, and delivers what the decision queued.
    @inlinable @inline(__always)
    func unlockAndCarryOut(_ directive: UpstreamDirective) {
        let work = planLocked(directive)
        let next = claimNextLocked()
        lock.unlock()
        work.perform()
        if next != .nothing { deliver(next) }
    }

    @inlinable
    func planLocked(_ directive: UpstreamDirective) -> UpstreamWork {
        var work = UpstreamWork()
        work.cancel = releaseUpstreamsIfTerminatedLocked()
        guard !outbox.isTerminated else { return work }
        switch directive {
        case .none:
            break
        case .requestAll(let demand):
            forwardedToAll += demand
            work.targets = upstreams
            work.demand = demand
        case .requestOne(let indices):
            work.targets = indices.map { upstreams[$0] }
            work.demand = .max(1)
        }
        return work
    }

    /// The subscriber attached to upstream `index`.
    @usableFromInline
    final class Child: Subscriber, CustomStringConvertible {
        @usableFromInline typealias Input = Upstream.Output
        @usableFromInline typealias Failure = Upstream.Failure

        @usableFromInline let parent: CollectionSubscription
        @usableFromInline let index: Int
        @usableFromInline let receiveValue: (Input) -> Subscribers.Demand

        @inlinable
        init(parent: CollectionSubscription, index: Int,
             receiveValue: @escaping (Input) -> Subscribers.Demand) {
            self.parent = parent
            self.index = index
            self.receiveValue = receiveValue
        }

        @inlinable
        var description: String { "\(parent.description)[\(index)]" }

        @inlinable
        func receive(subscription: Subscription) {
            parent.attach(subscription, at: index)
        }

        @inlinable
        func receive(_ input: Input) -> Subscribers.Demand {
            receiveValue(input)
        }

        @inlinable
        func receive(completion: Subscribers.Completion<Failure>) {
            parent.receive(completion: completion, from: index)
        }
    }
}

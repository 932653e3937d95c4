/// The delivery half every operator here shares: calls into the downstream are
/// serialised (never concurrent, never nested) and never made while holding `lock`.
///
/// Whoever queues an event while nobody is delivering becomes the deliverer and drains
/// the outbox; everyone else only queues and returns. That gives:
/// - concurrent senders: one thread delivers, the others do not wait on the downstream;
/// - re-entrancy: a downstream that sends into an upstream from `receive` queues the new
///   value, which is delivered right after the current `receive` returns;
/// - the Combine rule that a subscriber sees its subscription before any event: events
///   decided while the upstreams are being subscribed wait until the handover is done.
///
/// Subclasses hold their operator state under `lock`, put decisions into `outbox`, then
/// call `claimNextEvent()` before unlocking and `deliver(startingWith:)` after.
@usableFromInline
class SerialSubscription<Downstream: Subscriber> {
    @usableFromInline
    typealias Event = Outbox<Downstream.Input, Downstream.Failure>.Event

    @usableFromInline
    final let lock = Lock()
    @usableFromInline
    final var outbox = Outbox<Downstream.Input, Downstream.Failure>()
    @usableFromInline
    final var downstream: Downstream?
    /// True while some thread is calling the downstream, and during the handover.
    @usableFromInline
    final var isDelivering = true

    @inlinable
    init(downstream: Downstream) {
        self.downstream = downstream
    }

    /// Handles demand the downstream returned from `receive(_:)`. Subclasses route it to
    /// the same place as `Subscription.request(_:)`.
    @inlinable
    func downstreamRequested(_ demand: Subscribers.Demand) {
        preconditionFailure("\(Self.self) must override downstreamRequested(_:)")
    }

    /// Gives the downstream its subscription, then delivers what was decided meanwhile.
    @inlinable
    final func handOver(_ subscription: Subscription) {
        lock.lock()
        let downstream = self.downstream
        lock.unlock()
        downstream?.receive(subscription: subscription)
        lock.lock()
        guard let first = popLocked() else {
            isDelivering = false
            lock.unlock()
            return
        }
        lock.unlock()
        deliver(startingWith: first)
    }

    /// An event and the subscriber it goes to.
    @usableFromInline
    typealias Delivery = (event: Event, downstream: Downstream)

    /// Call with `lock` held. Returns the first delivery when this thread has just
    /// become the deliverer; nil when there is nothing to deliver or another thread (or
    /// an outer frame of this one) is already delivering.
    @inline(__always)
    @inlinable
    final func claimNextEvent() -> Delivery? {
        guard !isDelivering, let first = popLocked() else { return nil }
        isDelivering = true
        return first
    }

    /// Call without the lock, with a delivery from `claimNextEvent()`. Delivers until
    /// the outbox is empty, then gives up the deliverer role.
    @inlinable
    final func deliver(startingWith first: Delivery) {
        var next = first
        while true {
            switch next.event {
            case .value(let value):
                let more = next.downstream.receive(value)
                if more > .none { downstreamRequested(more) }
            case .completion(let completion):
                next.downstream.receive(completion: completion)
            }
            lock.lock()
            guard let delivery = popLocked() else {
                isDelivering = false
                lock.unlock()
                return
            }
            lock.unlock()
            next = delivery
        }
    }

    /// Call with `lock` held when the downstream cancels: nothing more reaches it.
    @inlinable
    final func detachDownstreamLocked() {
        outbox.discard()
        downstream = nil
    }

    @inline(__always)
    @inlinable
    final func popLocked() -> Delivery? {
        guard let downstream, let event = outbox.popFirst() else { return nil }
        // A completion is the last thing the downstream hears; dropping the reference
        // here also breaks the downstream -> subscription -> downstream cycle.
        if case .completion = event { self.downstream = nil }
        return (event, downstream)
    }
}

import Locks

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
/// call `claimNextLocked()` before unlocking and `deliver(_:)` after.
///
/// The downstream and the event in flight live in storage allocated once per
/// subscription rather than in optionals and enums of generic types, so that delivery
/// costs no runtime metadata look-ups when the code runs unspecialised (see `Outbox`).
///
/// State that `lock` guards is marked `@exclusivity(unchecked)` here and in the
/// operators: the lock already serialises every access, no access is held across a
/// call out of the module, and the dynamic checks (a thread-local look-up each) cost
/// more than the rest of the per-value work together.
@usableFromInline
class SerialSubscription<Downstream: Subscriber> {
    @usableFromInline typealias Next = OutboxNext

    @usableFromInline final let lock = Lock()
    @usableFromInline final let outbox = Outbox<Downstream.Input, Downstream.Failure>()
    /// The subscriber, while `hasDownstream`.
    @usableFromInline final let downstream: UnsafeMutablePointer<Downstream>
    @usableFromInline @exclusivity(unchecked) final var hasDownstream = true
    /// True while some thread is calling the downstream, and during the handover.
    @usableFromInline @exclusivity(unchecked) final var isDelivering = true
    // The deliverer's working storage (only the deliverer touches it).
    @usableFromInline final let inFlightValue: UnsafeMutablePointer<Downstream.Input>
    @usableFromInline final let inFlightCompletion: UnsafeMutablePointer<Subscribers.Completion<Downstream.Failure>>
    @usableFromInline final let inFlightDownstream: UnsafeMutablePointer<Downstream>

    @inlinable
    init(downstream: Downstream) {
        self.downstream = .allocate(capacity: 1)
        self.downstream.initialize(to: downstream)
        inFlightValue = .allocate(capacity: 1)
        inFlightCompletion = .allocate(capacity: 1)
        inFlightDownstream = .allocate(capacity: 1)
    }

    @inlinable
    deinit {
        if hasDownstream { downstream.deinitialize(count: 1) }
        downstream.deallocate()
        inFlightValue.deallocate()
        inFlightCompletion.deallocate()
        inFlightDownstream.deallocate()
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
        guard hasDownstream else {
            isDelivering = false
            return lock.unlock()
        }
        inFlightDownstream.initialize(to: downstream.pointee)
        lock.unlock()
        inFlightDownstream.pointee.receive(subscription: subscription)
        inFlightDownstream.deinitialize(count: 1)
        lock.lock()
        let next = popLocked()
        if next == .nothing { isDelivering = false }
        lock.unlock()
        if next != .nothing { deliver(next) }
    }

    /// Call with `lock` held. When nobody is delivering and something waits, makes this
    /// thread the deliverer and moves the first event in flight; call `deliver(_:)` with
    /// the result after unlocking. Returns `.nothing` otherwise.
    @inlinable @inline(__always)
    final func claimNextLocked() -> Next {
        guard !isDelivering, !outbox.isEmpty else { return .nothing }
        let next = popLocked()
        if next != .nothing { isDelivering = true }
        return next
    }

    /// Call without the lock, with what `claimNextLocked()` returned. Delivers until the
    /// outbox is empty, then gives up the deliverer role.
    @inlinable
    final func deliver(_ first: Next) {
        var next = first
        while true {
            switch next {
            case .value:
                let more = inFlightDownstream.pointee.receive(inFlightValue.move())
                inFlightDownstream.deinitialize(count: 1)
                if more > .none { downstreamRequested(more) }
            case .completion:
                inFlightDownstream.pointee.receive(completion: inFlightCompletion.move())
                inFlightDownstream.deinitialize(count: 1)
            case .nothing:
                return
            }
            lock.lock()
            next = popLocked()
            if next == .nothing { isDelivering = false }
            lock.unlock()
        }
    }

    /// Call with `lock` held when the downstream cancels: nothing more reaches it.
    /// Returns the subscriber so the caller can let go of it after unlocking.
    @inlinable
    final func detachDownstreamLocked() -> Downstream? {
        outbox.discard()
        guard hasDownstream else { return nil }
        hasDownstream = false
        return downstream.move()
    }

    /// Moves the next event and a reference to the downstream into the in-flight slots.
    @inlinable @inline(__always)
    final func popLocked() -> Next {
        guard hasDownstream else { return .nothing }
        let next = outbox.takeNext(value: inFlightValue, completion: inFlightCompletion)
        switch next {
        case .nothing:
            break
        case .value:
            inFlightDownstream.initialize(to: downstream.pointee)
        case .completion:
            // A completion is the last thing the downstream hears; letting go of it
            // here also breaks the downstream -> subscription -> downstream cycle.
            inFlightDownstream.moveInitialize(from: downstream, count: 1)
            hasDownstream = false
        }
        return next
    }
}

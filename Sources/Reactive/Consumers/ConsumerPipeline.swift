import Locks

/// The subscription of one pipeline built on an `@Input`: what `PassthroughSubject`'s
/// conduit does, under the relay's one lock.
///
/// - A value sent while the downstream has no demand is dropped for it, as by
///   `PassthroughSubject`; nothing is replayed.
/// - The downstream is never called concurrently, never nested in itself, and never
///   with the lock held: whoever finds the pipeline idle delivers; a value sent
///   meanwhile (from another thread, or from the downstream's own `receive`) waits in
///   `queued` and goes out right after, in order (`SerialSubscription`'s rule).
/// - Nothing reaches the downstream after it cancels.
///
/// The downstream is reached through `deliver`, a closure made where its type is
/// concrete, so delivery runs specialised code.
@usableFromInline
final class ConsumerPipeline<Input>: Subscription, CustomStringConvertible {
    /// The relay's lock: it guards every field below.
    @usableFromInline let lock: Lock
    /// Holds the pipeline's place in the relay's list; released on cancel.
    @usableFromInline @exclusivity(unchecked) var relay: ConsumerRelay<Input>?
    /// Nil once cancelled.
    @usableFromInline @exclusivity(unchecked) var deliver: ((Input) -> Subscribers.Demand)?
    @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
    /// True while someone is calling the downstream, and during the handover.
    @usableFromInline @exclusivity(unchecked) var isDelivering = true
    @usableFromInline @exclusivity(unchecked) var queued = RingBuffer<Input>()

    @inlinable
    init(relay: ConsumerRelay<Input>, deliver: @escaping (Input) -> Subscribers.Demand) {
        lock = relay.lock
        self.relay = relay
        self.deliver = deliver
    }

    @inlinable
    var description: String { "AnyConsumer" }

    /// Call with `lock` held, for a value sent into the consumer. Returns the closure to
    /// deliver it with after unlocking (see `run`), or nil if it was dropped or queued.
    @inlinable @inline(__always)
    func admitLocked(_ value: Input) -> ((Input) -> Subscribers.Demand)? {
        guard let deliver, demand > .none else { return nil }
        demand -= 1
        if isDelivering {
            queued.append(value)
            return nil
        }
        isDelivering = true
        return deliver
    }

    /// A value sent into the consumer, `lock` not held.
    @inlinable
    func offer(_ value: Input) {
        lock.lock()
        let admitted = admitLocked(value)
        lock.unlock()
        if let admitted { run(value, admitted) }
    }

    /// Delivers `value`, then whatever was queued meanwhile, then gives up the deliverer
    /// role. Call without the lock, after `admitLocked` returned `deliver`.
    @inlinable
    func run(_ value: Input, _ deliver: (Input) -> Subscribers.Demand) {
        var more = deliver(value)
        while true {
            lock.lock()
            guard let current = self.deliver else {
                isDelivering = false
                return lock.unlock()
            }
            if more > .none { demand += more }
            guard let next = queued.popFirst() else {
                isDelivering = false
                return lock.unlock()
            }
            lock.unlock()
            more = current(next)
        }
    }

    /// Gives the downstream its subscription, then delivers what arrived meanwhile.
    @inlinable
    func handOver(to subscriber: some Subscriber) {
        subscriber.receive(subscription: self)
        lock.lock()
        guard let current = deliver, let next = queued.popFirst() else {
            isDelivering = false
            return lock.unlock()
        }
        lock.unlock()
        run(next, current)
    }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        if deliver != nil { self.demand += demand }
        lock.unlock()
    }

    @inlinable
    func cancel() {
        lock.lock()
        let dropped = deliver
        deliver = nil
        queued = RingBuffer()
        let removed = relay?.removeLocked(self)
        relay = nil
        lock.unlock()
        // The subscriber and the relay's entry go outside the lock: their deinit may
        // call back in.
        withExtendedLifetime((dropped, removed)) {}
    }
}

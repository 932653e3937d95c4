import Locks

/// The subscriber `bind(to:)` attaches: asks for unlimited values and sends each into
/// the consumer, until cancelled.
///
/// A value goes straight through (`receive` touches only the relay, which never
/// changes), so the path from the publisher to the consumer takes no lock; the lock
/// only orders the subscription's arrival against a cancellation, which may come from
/// any thread (the `AnyCancellable` released elsewhere). Once cancelled, the upstream
/// is cancelled and released, and with it whatever its pipeline holds.
@usableFromInline
final class ConsumerBinding<Input>: Subscriber, Cancellable, CustomStringConvertible {
    @usableFromInline typealias Failure = Never

    @usableFromInline let relay: ConsumerRelay<Input>
    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var subscription: Subscription?
    @usableFromInline @exclusivity(unchecked) var isCancelled = false

    @inlinable
    init(relay: ConsumerRelay<Input>) {
        self.relay = relay
    }

    @inlinable
    var description: String { "bind(to:)" }

    @inlinable
    func receive(subscription: Subscription) {
        lock.lock()
        guard !isCancelled, self.subscription == nil else {
            lock.unlock()
            subscription.cancel()
            return
        }
        self.subscription = subscription
        lock.unlock()
        subscription.request(.unlimited)
    }

    @inlinable @inline(__always)
    func receive(_ input: Input) -> Subscribers.Demand {
        relay.send(input)
        return .none
    }

    /// The publisher finished: the consumer stays as it is (a consumer never
    /// completes), and the binding lets go of the subscription.
    @inlinable
    func receive(completion: Subscribers.Completion<Never>) {
        lock.lock()
        let finished = subscription
        subscription = nil
        lock.unlock()
        withExtendedLifetime(finished) {}
    }

    @inlinable
    func cancel() {
        lock.lock()
        isCancelled = true
        let running = subscription
        subscription = nil
        lock.unlock()
        running?.cancel()
    }
}

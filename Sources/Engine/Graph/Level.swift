import Reactive

/// A logical level as a publisher: each subscriber gets the current value on its first
/// demand, then every change. The level of an input or a signal, shared by everything
/// that uses it.
///
/// It does what `CurrentValueSubject<Bool, Never>` does, for one thread: the engine's
/// graph lives on its loop's thread, so no lock is taken, and nothing here is generic,
/// so a value costs no runtime metadata look-ups (OpenCombine's subjects run as
/// unspecialised generic code, several hundred instructions per value).
///
/// ```swift
/// let level = Level(false)
/// let cancellable = [level, other].combineLatest.sink { print($0) }
/// level.send(true)
/// ```
final class Level: Publisher {
    typealias Output = Bool
    typealias Failure = Never

    @exclusivity(unchecked) private(set) var value: Bool
    @exclusivity(unchecked) private var subscriptions: ContiguousArray<LevelSubscription> = []

    init(_ value: Bool) {
        self.value = value
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Bool, S.Failure == Never {
        // The closure is made here, where `S` is concrete: delivery through it runs
        // specialised code.
        let subscription = LevelSubscription(level: self) { subscriber.receive($0) }
        subscriptions.append(subscription)
        subscriber.receive(subscription: subscription)
    }

    /// Sets the value and sends it to every subscriber with demand.
    @inline(__always)
    func send(_ newValue: Bool) {
        value = newValue
        // A subscriber may subscribe or cancel while this runs: iterate what was there.
        let current = subscriptions
        for subscription in current { subscription.offer(newValue) }
    }

    func remove(_ subscription: LevelSubscription) {
        guard let index = subscriptions.firstIndex(where: { $0 === subscription }) else { return }
        subscriptions.remove(at: index)
    }

    /// How many subscribers it has.
    var subscriberCount: Int { subscriptions.count }

    /// Forgets every subscriber at once (the graph is being taken apart): their
    /// cancellations then find nothing to search.
    func dropSubscribers() {
        subscriptions = []
    }
}

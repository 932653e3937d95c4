import Reactive

/// A value as a publisher: each subscriber gets the current value on its first demand,
/// then every change. The level of an input or a signal (`Level`), or the number of a
/// numeric one (`NumberCell`, nil while unavailable), shared by everything that uses it.
///
/// It does what `CurrentValueSubject<Value, Never>` does, for one thread: the engine's
/// graph lives on its loop's thread, so no lock is taken. It is generic only within the
/// engine, which uses it at two concrete types, so the optimiser specialises it and a
/// value costs no runtime metadata look-ups (OpenCombine's subjects run as unspecialised
/// generic code, several hundred instructions per value).
///
/// ```swift
/// let level = Level(false)
/// let cancellable = [level, other].combineLatest.sink { print($0) }
/// level.send(true)
/// ```
final class Cell<Value>: Publisher {
    typealias Output = Value
    typealias Failure = Never

    @exclusivity(unchecked) private(set) var value: Value
    @exclusivity(unchecked) private var subscriptions: ContiguousArray<CellSubscription<Value>> = []

    init(_ value: Value) {
        self.value = value
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
        // The closure is made here, where `S` is concrete: delivery through it runs
        // specialised code.
        let subscription = CellSubscription(cell: self) { subscriber.receive($0) }
        subscriptions.append(subscription)
        subscriber.receive(subscription: subscription)
    }

    /// Sets the value and sends it to every subscriber with demand.
    @inline(__always)
    func send(_ newValue: Value) {
        value = newValue
        // A subscriber may subscribe or cancel while this runs: iterate what was there.
        let current = subscriptions
        for subscription in current { subscription.offer(newValue) }
    }

    func remove(_ subscription: CellSubscription<Value>) {
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

/// The logical level of an input, a signal or an output (`true` is on).
typealias Level = Cell<Bool>

/// The number of a numeric input or signal, in its unit; nil while unavailable.
typealias NumberCell = Cell<Double?>

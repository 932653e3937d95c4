import Reactive

/// One subscriber of a `Level`: its demand, and the (specialised) closure that reaches
/// it. Host thread only.
final class LevelSubscription: Subscription {
    private weak var level: Level?
    @exclusivity(unchecked) private var deliver: ((Bool) -> Subscribers.Demand)?
    @exclusivity(unchecked) private var demand = Subscribers.Demand.none
    @exclusivity(unchecked) private var sentCurrentValue = false

    init(level: Level, deliver: @escaping (Bool) -> Subscribers.Demand) {
        self.level = level
        self.deliver = deliver
    }

    var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }

    /// The first demand gets the current value, as with `CurrentValueSubject`.
    func request(_ demand: Subscribers.Demand) {
        self.demand += demand
        guard !sentCurrentValue, let level else { return }
        sentCurrentValue = true
        offer(level.value)
    }

    @inline(__always)
    func offer(_ value: Bool) {
        guard demand > .none, let deliver else { return }
        if demand != .unlimited { demand -= 1 }
        let more = deliver(value)
        if more > .none { demand += more }
    }

    func cancel() {
        deliver = nil
        level?.remove(self)
        level = nil
    }
}

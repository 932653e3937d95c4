import Reactive

/// One subscriber of a `Level`: its demand, and the (specialised) closure that reaches
/// it. Loop thread only.
///
/// `deliver` is a constant, called while `isCancelled` is false: an optional that
/// cancelling set to nil had to be copied out (a retain and two outlined value-witness
/// calls) on every value. The subscriber lets go of its subscription when it cancels,
/// which is what frees the closure.
final class LevelSubscription: Subscription {
    private weak var level: Level?
    private let deliver: (Bool) -> Subscribers.Demand
    @exclusivity(unchecked) private var isCancelled = false
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
        guard demand > .none, !isCancelled else { return }
        if demand != .unlimited { demand -= 1 }
        let more = deliver(value)
        if more > .none { demand += more }
    }

    func cancel() {
        isCancelled = true
        level?.remove(self)
        level = nil
    }
}

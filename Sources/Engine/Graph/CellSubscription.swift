import Reactive

/// One subscriber of a `Cell`: its demand, and the (specialised) closure that reaches
/// it. Loop thread only.
///
/// `deliver` is a constant, called while `isCancelled` is false: an optional that
/// cancelling set to nil had to be copied out (a retain and two outlined value-witness
/// calls) on every value. The subscriber lets go of its subscription when it cancels,
/// which is what frees the closure.
final class CellSubscription<Value>: Subscription {
    private weak var cell: Cell<Value>?
    private let deliver: (Value) -> Subscribers.Demand
    @exclusivity(unchecked) private var isCancelled = false
    @exclusivity(unchecked) private var demand = Subscribers.Demand.none
    @exclusivity(unchecked) private var sentCurrentValue = false

    init(cell: Cell<Value>, deliver: @escaping (Value) -> Subscribers.Demand) {
        self.cell = cell
        self.deliver = deliver
    }

    var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }

    /// The first demand gets the current value, as with `CurrentValueSubject`.
    func request(_ demand: Subscribers.Demand) {
        self.demand += demand
        guard !sentCurrentValue, let cell else { return }
        sentCurrentValue = true
        offer(cell.value)
    }

    @inline(__always)
    func offer(_ value: Value) {
        guard demand > .none, !isCancelled else { return }
        if demand != .unlimited { demand -= 1 }
        let more = deliver(value)
        if more > .none { demand += more }
    }

    func cancel() {
        isCancelled = true
        cell?.remove(self)
        cell = nil
    }
}

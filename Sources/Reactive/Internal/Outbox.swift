/// Events an operator has decided to send downstream, waiting to be delivered outside
/// the operator's lock, in the order they were decided.
///
/// Once a completion is queued the outbox takes nothing more, so a terminated operator
/// cannot emit by accident.
@usableFromInline
struct Outbox<Output, Failure: Error> {
    @usableFromInline
    enum Event {
        case value(Output)
        case completion(Subscribers.Completion<Failure>)
    }

    @usableFromInline
    var queue = RingBuffer<Event>()
    @usableFromInline
    var isTerminated = false

    @inlinable
    init() {}

    @inlinable
    var isEmpty: Bool { queue.isEmpty }

    @inlinable
    mutating func send(_ value: Output) {
        guard !isTerminated else { return }
        queue.append(.value(value))
    }

    @inlinable
    mutating func finish(_ completion: Subscribers.Completion<Failure> = .finished) {
        guard !isTerminated else { return }
        isTerminated = true
        queue.append(.completion(completion))
    }

    /// Drops whatever waits and refuses anything further (the downstream cancelled).
    @inlinable
    mutating func discard() {
        isTerminated = true
        queue.removeAll()
    }

    @inlinable
    mutating func popFirst() -> Event? { queue.popFirst() }
}

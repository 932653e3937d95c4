import Reactive

/// The end of a pipeline inside the graph: calls `body` with each value, on the loop's
/// thread. What `sink` is, without its lock and, being defined here, specialised for
/// the pipeline it ends.
///
/// ```swift
/// cancellables.append(levels.combineLatest.react { signal.update($0.allSatisfy { $0 }) })
/// ```
final class Reaction<Input>: Subscriber, Cancellable {
    typealias Failure = Never

    private let body: (Input) -> Void
    @exclusivity(unchecked) private var subscription: Subscription?

    init(_ body: @escaping (Input) -> Void) {
        self.body = body
    }

    func receive(subscription: Subscription) {
        self.subscription = subscription
        subscription.request(.unlimited)
    }

    @inline(__always)
    func receive(_ input: Input) -> Subscribers.Demand {
        body(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        subscription = nil
    }

    func cancel() {
        let running = subscription
        subscription = nil
        running?.cancel()
    }
}

extension Publisher where Failure == Never {
    /// Subscribes a `Reaction` calling `body` with each value.
    ///
    /// Through `receive(subscriber:)`, not `subscribe(_:)`: OpenCombine's `subscribe`
    /// adds only its `_Introspection` hook and is not inlinable, so going through it made
    /// every operator of the pipeline run as unspecialised generic code (with the output
    /// binding's, about 1,100 of 5,900 instructions per event in the `engine` benchmark).
    func react(_ body: @escaping (Output) -> Void) -> AnyCancellable {
        let reaction = Reaction(body)
        receive(subscriber: reaction)
        return AnyCancellable(reaction)
    }
}

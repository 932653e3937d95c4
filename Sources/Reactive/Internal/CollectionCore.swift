/// What a collection operator asks of its upstreams after a decision.
@usableFromInline
enum UpstreamDirective {
    case none
    /// Forward this demand to every upstream still running.
    case requestAll(Subscribers.Demand)
    /// Ask each of these upstreams for one more value.
    case requestOne([Int])
}

/// The pure decision logic of an operator over a collection of upstreams: no locks,
/// no I/O, no calls out. `CollectionSubscription` calls it under its lock, then carries
/// out the directive and delivers the outbox after unlocking.
///
/// Completing the outbox (`outbox.finish`) terminates the operator: every upstream that
/// is still running is then cancelled.
@usableFromInline
protocol CollectionCore {
    associatedtype Input
    associatedtype Output
    associatedtype Failure: Error

    @inlinable
    init(upstreamCount: Int)

    /// After every upstream has been subscribed, before the downstream gets its
    /// subscription. Empty collections decide their fate here.
    @inlinable
    mutating func start(into outbox: Outbox<Output, Failure>)

    /// A value from upstream `index`. Returns the demand to hand back to that upstream.
    @inlinable
    mutating func receive(_ input: Input, from index: Int,
                          into outbox: Outbox<Output, Failure>) -> Subscribers.Demand

    /// A completion from upstream `index`. Its subscription is already released.
    @inlinable
    mutating func receive(completion: Subscribers.Completion<Failure>, from index: Int,
                          into outbox: Outbox<Output, Failure>)

    /// Demand from the downstream.
    @inlinable
    mutating func request(_ demand: Subscribers.Demand,
                          into outbox: Outbox<Output, Failure>) -> UpstreamDirective
}

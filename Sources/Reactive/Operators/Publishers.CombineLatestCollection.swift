extension Publishers {
    /// The latest value of every publisher in a collection, as an array in the
    /// collection's order, each time any of them produces a value.
    ///
    /// Follows Combine's `CombineLatest` contract, for any number of upstreams:
    /// - nothing is emitted until every upstream has produced a value;
    /// - downstream demand is forwarded to every upstream; a value that arrives while
    ///   the downstream has no demand replaces that upstream's latest value and is not
    ///   replayed later;
    /// - it finishes when all upstreams have finished (an upstream that finishes
    ///   without a value does not end it early);
    /// - the first failure is forwarded at once and every other upstream is cancelled.
    ///
    /// An empty collection emits `[]` once (on the first demand) and finishes, like
    /// `allSatisfy` on an empty sequence: the latest of zero publishers is known at once.
    ///
    /// The cost of a value is O(1) plus the downstream's own work: the array is
    /// updated in place and shared with the downstream copy-on-write.
    ///
    /// ```swift
    /// let switches = [switch1, switch2, switch3]   // publishers of Bool
    /// let allOn = switches.combineLatest.map { $0.allSatisfy { $0 } }
    /// ```
    public struct CombineLatestCollection<Upstreams: Collection>: Publisher
    where Upstreams.Element: Publisher {
        public typealias Output = [Upstreams.Element.Output]
        public typealias Failure = Upstreams.Element.Failure

        public let upstreams: Upstreams

        @inlinable
        public init(_ upstreams: Upstreams) {
            self.upstreams = upstreams
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            CollectionSubscription<Upstreams.Element, CombineLatestCore<Upstreams.Element.Output, Failure>, S>
                .subscribe(subscriber, to: upstreams, name: "CombineLatestCollection")
        }
    }
}

extension Collection where Element: Publisher {
    /// Combines the latest values of all publishers in the collection; see
    /// ``Publishers/CombineLatestCollection``.
    @inlinable
    public var combineLatest: Publishers.CombineLatestCollection<Self> {
        Publishers.CombineLatestCollection(self)
    }
}

@usableFromInline
struct CombineLatestCore<Value, Failure: Error>: CollectionCore {
    @usableFromInline
    let count: Int
    /// Filled until every upstream has a value; then `latest` takes over.
    @usableFromInline
    var pending: [Value?]
    @usableFromInline
    var missing: Int
    @usableFromInline
    var latest: [Value] = []
    @usableFromInline
    var finished: [Bool]
    @usableFromInline
    var finishedCount = 0
    @usableFromInline
    var demand = Subscribers.Demand.none

    @inlinable
    init(upstreamCount: Int) {
        count = upstreamCount
        pending = Array(repeating: nil, count: upstreamCount)
        missing = upstreamCount
        finished = Array(repeating: false, count: upstreamCount)
    }

    @inlinable
    mutating func start(into outbox: Outbox<[Value], Failure>) {}

    @inlinable
    mutating func receive(_ input: Value, from index: Int,
                          into outbox: Outbox<[Value], Failure>) -> Subscribers.Demand {
        if missing == 0 {
            latest[index] = input
        } else {
            if pending[index] == nil { missing -= 1 }
            pending[index] = input
            guard missing == 0 else { return .none }
            latest = pending.map { $0! }
            pending = []
        }
        guard demand > .none else { return .none }
        demand -= 1
        outbox.send(latest)
        return .none
    }

    @inlinable
    mutating func receive(completion: Subscribers.Completion<Failure>, from index: Int,
                          into outbox: Outbox<[Value], Failure>) {
        switch completion {
        case .failure:
            outbox.finish(completion)
        case .finished:
            guard !finished[index] else { return }
            finished[index] = true
            finishedCount += 1
            if finishedCount == count { outbox.finish() }
        }
    }

    @inlinable
    mutating func request(_ demand: Subscribers.Demand,
                          into outbox: Outbox<[Value], Failure>) -> UpstreamDirective {
        self.demand += demand
        if count == 0 {
            if self.demand > .none {
                outbox.send([])
                outbox.finish()
            }
            return .none
        }
        return .requestAll(demand)
    }
}

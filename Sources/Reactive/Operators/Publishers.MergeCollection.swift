extension Publishers {
    /// The values of all publishers in a collection, in the order they arrive.
    ///
    /// Follows Combine's `MergeMany` contract, for any number of upstreams:
    /// - values pass through in arrival order;
    /// - with unlimited demand every upstream is asked for unlimited values; under
    ///   limited demand each upstream is asked for one value at a time and a value
    ///   that arrives while the downstream has no demand waits in that upstream's
    ///   one-value slot (that upstream is not asked for more until it is delivered);
    ///   waiting values go out in the order they arrived;
    /// - it finishes once every upstream has finished and no value waits;
    /// - the first failure is forwarded at once and every other upstream is cancelled.
    ///
    /// An empty collection finishes at once without a value.
    ///
    /// ```swift
    /// [door.map { "door \($0)" }, window.map { "window \($0)" }].merge
    ///     .sink { print($0) }
    /// ```
    public struct MergeCollection<Upstreams: Collection>: Publisher
    where Upstreams.Element: Publisher {
        public typealias Output = Upstreams.Element.Output
        public typealias Failure = Upstreams.Element.Failure

        public let upstreams: Upstreams

        @inlinable
        public init(_ upstreams: Upstreams) {
            self.upstreams = upstreams
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            CollectionSubscription<Upstreams.Element, MergeCore<Output, Failure>, S>
                .subscribe(subscriber, to: upstreams, name: "MergeCollection")
        }
    }
}

extension Collection where Element: Publisher {
    /// Merges all publishers in the collection; see ``Publishers/MergeCollection``.
    @inlinable
    public var merge: Publishers.MergeCollection<Self> {
        Publishers.MergeCollection(self)
    }
}

@usableFromInline
struct MergeCore<Value, Failure: Error>: CollectionCore {
    @usableFromInline
    let count: Int
    /// One-value slots used under limited demand.
    @usableFromInline
    var slots: [Value?]
    /// Indices of filled slots, in arrival order.
    @usableFromInline
    var waiting = RingBuffer<Int>()
    @usableFromInline
    var finished: [Bool]
    @usableFromInline
    var finishedCount = 0
    @usableFromInline
    var demand = Subscribers.Demand.none
    @usableFromInline
    var upstreamsAsked = false
    @usableFromInline
    var upstreamsUnlimited = false

    @inlinable
    init(upstreamCount: Int) {
        count = upstreamCount
        slots = Array(repeating: nil, count: upstreamCount)
        finished = Array(repeating: false, count: upstreamCount)
    }

    @inlinable
    mutating func start(into outbox: Outbox<Value, Failure>) {
        if count == 0 { outbox.finish() }
    }

    @inlinable
    mutating func receive(_ input: Value, from index: Int,
                          into outbox: Outbox<Value, Failure>) -> Subscribers.Demand {
        if upstreamsUnlimited {
            outbox.send(input)
            return .none
        }
        guard demand > .none else {
            // Each upstream is asked for one value at a time, so its slot is free
            // unless it sent more than it was asked for; that surplus is dropped.
            guard slots[index] == nil else { return .none }
            slots[index] = input
            waiting.append(index)
            return .none
        }
        demand -= 1
        outbox.send(input)
        return .max(1)
    }

    @inlinable
    mutating func receive(completion: Subscribers.Completion<Failure>, from index: Int,
                          into outbox: Outbox<Value, Failure>) {
        switch completion {
        case .failure:
            outbox.finish(completion)
        case .finished:
            guard !finished[index] else { return }
            finished[index] = true
            finishedCount += 1
            finishIfDone(into: outbox)
        }
    }

    @inlinable
    mutating func request(_ demand: Subscribers.Demand,
                          into outbox: Outbox<Value, Failure>) -> UpstreamDirective {
        self.demand += demand
        var drained: [Int] = []
        while self.demand > .none, let index = waiting.popFirst() {
            outbox.send(slots[index].take()!)
            self.demand -= 1
            if !finished[index] { drained.append(index) }
        }
        finishIfDone(into: outbox)
        if outbox.isTerminated || upstreamsUnlimited { return .none }
        if self.demand == .unlimited {
            upstreamsUnlimited = true
            upstreamsAsked = true
            return .requestAll(.unlimited)
        }
        if !upstreamsAsked, self.demand > .none {
            upstreamsAsked = true
            return .requestAll(.max(1))
        }
        return drained.isEmpty ? .none : .requestOne(drained)
    }

    @inlinable
    mutating func finishIfDone(into outbox: Outbox<Value, Failure>) {
        if finishedCount == count, waiting.isEmpty { outbox.finish() }
    }
}

extension Publishers {
    /// Pairs the values of all publishers in a collection by position: the first
    /// values of each, then the second values of each, and so on.
    ///
    /// Follows Combine's `Zip` contract, for any number of upstreams:
    /// - one FIFO buffer per upstream; a round is emitted when every buffer holds a
    ///   value, taking the oldest of each;
    /// - downstream demand is forwarded to every upstream; rounds wait in the buffers
    ///   until the downstream asks for them;
    /// - it finishes as soon as an upstream that has finished has an empty buffer
    ///   (checked after each round and on each completion); surplus values in the other
    ///   buffers are dropped and those upstreams are cancelled. A finished upstream that
    ///   still holds values keeps the zip alive until they are used;
    /// - the first failure is forwarded at once and every other upstream is cancelled.
    ///
    /// An empty collection finishes at once without a value: a round needs one value
    /// from each upstream, and with none there is nothing to pair.
    ///
    /// ```swift
    /// [presses1, presses2].zip.sink { pair in print("both pressed:", pair) }
    /// ```
    public struct ZipCollection<Upstreams: Collection>: Publisher
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
            CollectionSubscription<Upstreams.Element, ZipCore<Upstreams.Element.Output, Failure>, S>
                .subscribe(subscriber, to: upstreams, name: "ZipCollection")
        }
    }
}

extension Collection where Element: Publisher {
    /// Zips all publishers in the collection; see ``Publishers/ZipCollection``.
    @inlinable
    public var zip: Publishers.ZipCollection<Self> {
        Publishers.ZipCollection(self)
    }
}

@usableFromInline
struct ZipCore<Value, Failure: Error>: CollectionCore {
    @usableFromInline
    let count: Int
    @usableFromInline
    var buffers: [RingBuffer<Value>]
    @usableFromInline
    var nonEmpty = 0
    @usableFromInline
    var finished: [Bool]
    @usableFromInline
    var demand = Subscribers.Demand.none

    @inlinable
    init(upstreamCount: Int) {
        count = upstreamCount
        buffers = Array(repeating: RingBuffer(), count: upstreamCount)
        finished = Array(repeating: false, count: upstreamCount)
    }

    @inlinable
    mutating func start(into outbox: Outbox<[Value], Failure>) {
        if count == 0 { outbox.finish() }
    }

    @inlinable
    mutating func receive(_ input: Value, from index: Int,
                          into outbox: Outbox<[Value], Failure>) -> Subscribers.Demand {
        if buffers[index].isEmpty { nonEmpty += 1 }
        buffers[index].append(input)
        emitRounds(into: outbox)
        return .none
    }

    @inlinable
    mutating func receive(completion: Subscribers.Completion<Failure>, from index: Int,
                          into outbox: Outbox<[Value], Failure>) {
        switch completion {
        case .failure:
            outbox.finish(completion)
        case .finished:
            finished[index] = true
            if buffers[index].isEmpty { outbox.finish() }
        }
    }

    @inlinable
    mutating func request(_ demand: Subscribers.Demand,
                          into outbox: Outbox<[Value], Failure>) -> UpstreamDirective {
        self.demand += demand
        emitRounds(into: outbox)
        return .requestAll(demand)
    }

    @inlinable
    mutating func emitRounds(into outbox: Outbox<[Value], Failure>) {
        while nonEmpty == count, count > 0, demand > .none {
            var round: [Value] = []
            round.reserveCapacity(count)
            var exhausted = false
            for index in 0..<count {
                round.append(buffers[index].popFirst()!)
                if buffers[index].isEmpty {
                    nonEmpty -= 1
                    if finished[index] { exhausted = true }
                }
            }
            demand -= 1
            outbox.send(round)
            if exhausted {
                outbox.finish()
                return
            }
        }
    }
}

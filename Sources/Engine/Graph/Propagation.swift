/// The state shared by the graph's nodes while an event propagates through it: the
/// timestamp of its cause, who listens, and which outputs it touched. Loop thread only.
///
/// State touched on every event is `@exclusivity(unchecked)`: only the loop's thread
/// touches it and no access spans a call out, and the dynamic checks (a thread-local
/// look-up each) would cost more than the work they guard.
final class Propagation {
    /// The timestamp of the event being propagated.
    @exclusivity(unchecked) var timestamp: UInt64 = 0
    /// Why the values change now: `initial` while starting, `reload` for the first
    /// writes of a graph that replaced another, `safeState` while stopping.
    @exclusivity(unchecked) var cause = EngineChange.Cause.initial
    /// While the graph is being built, inputs and signals take their first values
    /// without telling observers: those are starting values, not changes.
    @exclusivity(unchecked) var isSettling = true
    @exclusivity(unchecked) private(set) var observers: [(id: Int, observer: (EngineChange) -> Void)] = []
    private var nextObserverID = 0
    /// Counts re-reads after lost events: a gesture under way when it moves on is given
    /// up.
    @exclusivity(unchecked) var resyncs: UInt64 = 0
    /// The changes being propagated come from a read that lost events: their order
    /// and timing are not to be trusted.
    @exclusivity(unchecked) var isResyncing = false
    /// Outputs asked for a value since the last flush, each once.
    @exclusivity(unchecked) var pendingOutputs: [OutputLine] = []

    init() {
        pendingOutputs.reserveCapacity(16)
        queue.reserveCapacity(16)
    }

    // MARK: Transactions

    /// The evaluations scheduled in this transaction, highest rank first (so the lowest
    /// is taken from the end). Usually a few: kept sorted by insertion.
    @exclusivity(unchecked) private var queue: [Evaluation] = []
    /// The rank the next node built gets.
    private var nextRank = 0
    /// How many evaluations have run since the engine was built (`EngineStatistics`).
    @exclusivity(unchecked) private(set) var evaluations = 0
    /// While above 0, a transaction is being gathered (`Engine.transaction`): the events
    /// inside it settle and write together when it ends.
    @exclusivity(unchecked) var openTransactions = 0

    /// A rank for a node being built: after every node built before it.
    func rank() -> Int {
        nextRank += 1
        return nextRank
    }

    /// `evaluation` runs in this transaction, once, in rank order.
    @inline(__always)
    func schedule(_ evaluation: Evaluation) {
        guard !evaluation.isQueued else { return }
        evaluation.isQueued = true
        var index = queue.count
        while index > 0, queue[index - 1].rank < evaluation.rank { index -= 1 }
        queue.insert(evaluation, at: index)
    }

    /// Runs the scheduled evaluations, lowest rank first, until none is left: what an
    /// evaluation changes schedules only nodes of higher ranks, which run after it in
    /// the same pass. Then every node holds its settled value for the transaction.
    @inline(__always)
    func settle() {
        while let next = queue.popLast() {
            next.isQueued = false
            evaluations &+= 1
            next.run()
        }
    }

    func addObserver(_ observer: @escaping (EngineChange) -> Void) -> Int {
        nextObserverID += 1
        observers.append((nextObserverID, observer))
        return nextObserverID
    }

    func removeObserver(_ id: Int) {
        observers.removeAll { $0.id == id }
    }

    func removeAllObservers() {
        observers.removeAll()
    }

    /// Tells the observers about a change of an input or a signal, at the propagation's
    /// timestamp and cause; nothing while the graph settles at start. The change is
    /// only made when someone listens.
    @inline(__always)
    func report(_ node: some GraphNodeChange) {
        guard !isSettling, !observers.isEmpty else { return }
        announce(node.change(at: timestamp, cause: cause))
    }

    /// Tells the observers about an output write (also while settling: a write is real).
    func reportWrite(_ output: OutputLine, at timestamp: UInt64, cause: EngineChange.Cause) {
        guard !observers.isEmpty else { return }
        announce(output.change(at: timestamp, cause: cause))
    }

    /// Tells the observers the same value of `node` again, at the propagation's timestamp
    /// and cause: what publishes values sends it again (a heartbeat's repeat, a
    /// counter's new period, an override's new mode that left its line as it was), the
    /// log leaves it out. Nothing while the graph settles at start.
    func reportAgain(_ node: some GraphNodeChange) {
        guard !isSettling, !observers.isEmpty else { return }
        var change = node.change(at: timestamp, cause: cause)
        change.isRepeat = true
        announce(change)
    }

    func announce(_ change: EngineChange) {
        guard !observers.isEmpty else { return }
        for entry in observers { entry.observer(change) }
    }

    /// PWM outputs asked for a duty cycle, or due for a ramp's step, since the last
    /// flush, each once.
    @exclusivity(unchecked) var pendingPWMOutputs: [PWMOutput] = []

    /// `output` is to be settled once the event has settled.
    func stage(_ output: PWMOutput) {
        guard !output.isPending else { return }
        output.isPending = true
        pendingPWMOutputs.append(output)
    }

    /// Tells the observers about a PWM output's new target (also while settling).
    func reportTarget(_ output: PWMOutput, at timestamp: UInt64, cause: EngineChange.Cause) {
        guard !observers.isEmpty else { return }
        announce(output.change(at: timestamp, cause: cause))
    }

    /// Interlocks asked to decide since the last flush, each once.
    @exclusivity(unchecked) var pendingInterlocks: [Interlock] = []

    /// Called by an output's pipeline with the value it should have: through its
    /// interlock, if it is in one.
    @inline(__always)
    func request(_ output: OutputLine, _ value: Bool) {
        if let interlock = output.interlock {
            interlock.request(output, value)
        } else {
            stage(output, value)
        }
    }

    /// The value to write to `output` once the event has settled.
    @inline(__always)
    func stage(_ output: OutputLine, _ value: Bool) {
        output.desired = value
        if !output.isPending {
            output.isPending = true
            pendingOutputs.append(output)
        }
    }
}

/// A node whose changes observers hear of: an input (on a line or not), a signal, or an
/// output.
protocol GraphNodeChange: AnyObject {
    func change(at timestamp: UInt64, cause: EngineChange.Cause) -> EngineChange
}

extension InputLine: GraphNodeChange {}
extension VirtualInput: GraphNodeChange {}
extension Signal: GraphNodeChange {}
extension OutputLine: GraphNodeChange {}

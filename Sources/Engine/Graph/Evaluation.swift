/// One node's evaluation within a transaction: scheduled when an operand of the node
/// changes, run once, after every node of a lower rank has settled (`Propagation.settle`).
///
/// A node's rank is its place in the order the graph is built, which is the
/// configuration's order (each node after what it uses): so when a node runs, every
/// operand it reads holds its settled value for the transaction, however many paths a
/// change took to reach it. A change that reaches `all: [a, not_a]` along two paths
/// evaluates it once, with both operands new, as a scan of a PLC program would.
///
/// Loop thread only, as the rest of the graph.
final class Evaluation {
    /// The node's place in the graph's topological order.
    let rank: Int
    /// Whether it waits in the transaction's queue.
    @exclusivity(unchecked) var isQueued = false
    private let body: () -> Void

    init(rank: Int, _ body: @escaping () -> Void) {
        self.rank = rank
        self.body = body
    }

    @inline(__always)
    func run() { body() }
}

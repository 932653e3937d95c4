/// Puts signals in dependency order (each after every signal it reads) and finds the
/// cycles that make such an order impossible.
///
/// Iterative, so that a long chain of signals cannot exhaust the stack.
enum SignalOrder {
    /// - Parameter dependencies: for each signal (by index, in source order), the
    ///   indices of the signals it reads.
    /// - Returns: every index once, dependencies first and otherwise in source order;
    ///   and one cycle per tangle, each as the path that closes it (`[a, b]` for
    ///   a -> b -> a), starting at the earliest signal reached.
    static func resolve(dependencies: [[Int]]) -> (order: [Int], cycles: [[Int]]) {
        enum Mark { case unvisited, inProgress, done }
        var marks = [Mark](repeating: .unvisited, count: dependencies.count)
        var inReportedCycle = [Bool](repeating: false, count: dependencies.count)
        var order: [Int] = []
        var cycles: [[Int]] = []
        for root in dependencies.indices where marks[root] == .unvisited {
            // The path from `root`, each with how many of its dependencies were visited.
            var path: [(node: Int, next: Int)] = [(root, 0)]
            marks[root] = .inProgress
            while let (node, next) = path.last {
                guard next < dependencies[node].count else {
                    marks[node] = .done
                    order.append(node)
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let dependency = dependencies[node][next]
                switch marks[dependency] {
                case .unvisited:
                    marks[dependency] = .inProgress
                    path.append((dependency, 0))
                case .inProgress:
                    guard let start = path.firstIndex(where: { $0.node == dependency }) else { continue }
                    let cycle = path[start...].map(\.node)
                    if !cycle.contains(where: { inReportedCycle[$0] }) {
                        cycles.append(cycle)
                        cycle.forEach { inReportedCycle[$0] = true }
                    }
                case .done:
                    continue
                }
            }
        }
        return (order, cycles)
    }
}

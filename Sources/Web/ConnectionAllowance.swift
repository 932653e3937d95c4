import HummingbirdCore

/// Hummingbird's connection limit with a count the log hears of: past `limit`
/// connections at once the server stops accepting (new ones wait in the kernel's
/// backlog), and each time it reaches the limit the gate counts it.
struct ConnectionAllowance: AvailableConnectionsDelegate {
    let limit: Int
    let gate: WebGate
    private var open = 0

    init(limit: Int, gate: WebGate) {
        self.limit = limit
        self.gate = gate
    }

    mutating func connectionOpened() {
        open += 1
        if open == limit { gate.count(.connections) }
    }

    mutating func connectionClosed() {
        open -= 1
    }

    func isAcceptingNewConnections() -> Bool {
        open < limit
    }
}

import Locks
import Logging

/// What the server refuses and counts: requests without the token (401) and
/// connections past the limit, each logged once and then summed up at most once a
/// minute (`RefusalTally`), never line by line.
///
/// Shared by the server's connections; safe from any thread.
final class WebGate: Sendable {
    enum Refusal: Hashable, Sendable {
        case token
        case connections
        /// An event stream closed, the oldest, for a new one past the limit.
        case streams
        /// An event stream closed because its client read nothing.
        case unreadStream

        /// What the log says of the first one.
        var firstLine: String {
            switch self {
            case .token: "web: refused a request without the right token (401); more are counted, not logged one by one"
            case .connections: "web: refused a connection: too many at once; more are counted, not logged one by one"
            case .streams: "web: closed the oldest event stream: too many at once; more are counted, not logged one by one"
            case .unreadStream: "web: closed an event stream whose client read nothing; more are counted, not logged one by one"
            }
        }

        func summary(count: Int, total: Int) -> String {
            switch self {
            case .token: "web: \(count) more requests refused without the right token (\(total) since start)"
            case .connections: "web: \(count) more connections refused: too many at once (\(total) since start)"
            case .streams: "web: \(count) more event streams closed: too many at once (\(total) since start)"
            case .unreadStream: "web: \(count) more event streams closed: their client read nothing (\(total) since start)"
            }
        }
    }

    let token: BearerToken?
    private let logger: Logger
    private let tallies = LockedValueBox([Refusal: RefusalTally]())
    private let start = ContinuousClock.now

    init(token: BearerToken?, logger: Logger) {
        self.token = token
        self.logger = logger
    }

    /// Whether a request with this `Authorization` header may go on; counts it if not.
    func admits(authorization: String?) -> Bool {
        guard let token else { return true }
        if token.admits(authorization: authorization) { return true }
        count(.token)
        return false
    }

    /// How many of each were counted.
    func total(of refusal: Refusal) -> Int {
        tallies.withLockedValue { $0[refusal]?.total ?? 0 }
    }

    /// Counts one refusal and logs what its tally says.
    func count(_ refusal: Refusal) {
        let seconds = (ContinuousClock.now - start).components.seconds
        let action = tallies.withLockedValue { tallies in
            var tally = tallies[refusal] ?? RefusalTally()
            defer { tallies[refusal] = tally }
            return tally.record(atSeconds: seconds)
        }
        switch action {
        case .none: break
        case .first: logger.warning("\(refusal.firstLine)")
        case .summary(let count, let total): logger.warning("\(refusal.summary(count: count, total: total))")
        }
    }
}

/// Counts refusals of one kind (a wrong token, a connection past the limit) and decides
/// when to log them: the first at once, then at most one summary a minute with the
/// count since the last line, so that a client retrying in a loop cannot fill the log.
///
/// A state machine: given the time, it returns what to log; the server logs it.
///
/// ```swift
/// var tally = RefusalTally()
/// tally.record(atSeconds: 0)     // .first
/// tally.record(atSeconds: 10)    // .none
/// tally.record(atSeconds: 61)    // .summary(count: 2, total: 3)
/// ```
public struct RefusalTally: Hashable, Sendable {
    /// What to log for one refusal.
    public enum Action: Hashable, Sendable {
        /// Nothing now: it is counted for the next summary.
        case none
        /// The first refusal: log it.
        case first
        /// `count` refusals since the last line (this one among them), `total` since start.
        case summary(count: Int, total: Int)
    }

    /// The shortest time between two lines of the log.
    public static let interval: Int64 = 60

    public private(set) var total = 0
    private var unlogged = 0
    private var lastLogged: Int64?

    public init() {}

    /// Counts one refusal at `seconds` (monotonic) and says what to log.
    public mutating func record(atSeconds seconds: Int64) -> Action {
        total += 1
        guard let lastLogged else {
            lastLogged = seconds
            return .first
        }
        unlogged += 1
        guard seconds - lastLogged >= Self.interval else { return .none }
        self.lastLogged = seconds
        defer { unlogged = 0 }
        return .summary(count: unlogged, total: total)
    }
}

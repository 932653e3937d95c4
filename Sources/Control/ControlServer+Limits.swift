extension ControlServer {
    /// What one server holds for its clients at most.
    ///
    /// ```swift
    /// let server = try ControlServer(path: path, handler: engine,
    ///                                limits: .init(maxConnections: 8))
    /// ```
    public struct Limits: Hashable, Sendable {
        /// The longest request line, newline excluded. A longer one gets an error reply and
        /// its connection is closed (it cannot be framed any more).
        public var maxRequestBytes: Int
        /// Replies a client may leave unread behind the one it is being sent (beyond what
        /// the kernel buffers) before it is dropped, so a client that never reads cannot
        /// make the daemon grow. The reply in flight does not count: one status reply
        /// arrives whole, however large.
        public var maxUnreadReplyBytes: Int
        /// Clients at once. When one more connects, the connection idle the longest (not
        /// in the middle of taking a reply) is closed to make room; only when every one
        /// is busy is the newcomer told so and closed.
        public var maxConnections: Int
        /// How long a connection may go without a complete request or taking any of its
        /// replies before it is closed, so that silent or half-sent connections cannot hold
        /// the table.
        public var idleTimeout: Duration

        public init(maxRequestBytes: Int = 64 * 1024, maxUnreadReplyBytes: Int = 256 * 1024,
                    maxConnections: Int = 64, idleTimeout: Duration = .seconds(10)) {
            self.maxRequestBytes = maxRequestBytes
            self.maxUnreadReplyBytes = maxUnreadReplyBytes
            self.maxConnections = maxConnections
            self.idleTimeout = idleTimeout
        }

        /// `idleTimeout` in nanoseconds of the loop's clock.
        var idleTimeoutNanoseconds: UInt64 {
            let (seconds, attoseconds) = idleTimeout.components
            guard seconds >= 0 else { return 0 }
            return UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000).partialValue
                &+ UInt64(attoseconds / 1_000_000_000)
        }
    }
}

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
        /// Replies a client may leave unread (beyond what the kernel buffers) before it is
        /// dropped, so a client that never reads cannot make the daemon grow.
        public var maxUnreadReplyBytes: Int
        /// Clients at once; one more is told so and closed.
        public var maxConnections: Int

        public init(maxRequestBytes: Int = 64 * 1024, maxUnreadReplyBytes: Int = 256 * 1024,
                    maxConnections: Int = 64) {
            self.maxRequestBytes = maxRequestBytes
            self.maxUnreadReplyBytes = maxUnreadReplyBytes
            self.maxConnections = maxConnections
        }
    }
}

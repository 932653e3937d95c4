/// The client's connection lifecycle, as a value: each event returns what the client is
/// to do, and the client (`MQTTClient`, the libmosquitto glue) does it. No side effect
/// happens here, so every transition is a plain function a table of tests can walk.
///
/// ```
///  idle --start--> resolving --resolved--> connecting --accepted--> online
///                    ^    | resolutionFailed   |  transportFailed    |  connectionLost
///                    |    v                    |  (no address left)  v
///                    +-- waiting <-------------+-----------------  waiting (backoff)
///      reconnectDue      (backoff)             |  refused: 5 not supported -> connecting (3.1.1)
///                                              |  transportFailed, another address -> connecting
///  online --stop--> stopping --offlineDelivered--> (DISCONNECT sent) --connectionLost--> stopped
///                       \--stopDeadlinePassed--> stopped (closed without DISCONNECT: the will)
/// ```
///
/// ```swift
/// var machine = MQTTConnectionStateMachine(random: ReconnectBackoff.systemRandom)
/// machine.start()                                  // [.resolve]
/// machine.resolved(["192.0.2.7"])                  // [.connect(address: "192.0.2.7", version: .v5)]
/// machine.accepted(now: t)                         // [.announceOnline]
/// machine.connectionLost(now: t + 60_000_000_000) // [.closeConnection, .scheduleReconnect(delay: 1_000_000_000)]
/// ```
public struct MQTTConnectionStateMachine: Sendable {
    public enum ProtocolVersion: Hashable, Sendable, CustomStringConvertible {
        case v5, v311

        public var description: String { self == .v5 ? "MQTT 5" : "MQTT 3.1.1" }
    }

    public enum State: Hashable, Sendable {
        case idle
        /// The broker's host name is being looked up, off the loop.
        case resolving
        /// A connection to `addresses[addressIndex]` is under way: TCP, TLS, CONNECT.
        case connecting(addressIndex: Int)
        /// The broker accepted the connection at `since` (nanoseconds, the loop's clock).
        case online(since: UInt64)
        /// Waiting for the backoff's delay to pass.
        case waiting
        /// `offline` is published; once it is delivered, DISCONNECT.
        case stopping(disconnectSent: Bool)
        case stopped
    }

    public enum Action: Hashable, Sendable {
        /// Look the broker's host name up, off the loop; answer with `resolved(_:)` or
        /// `resolutionFailed()`.
        case resolve
        /// A new connection to `address` (numeric), speaking `version`, within the connect
        /// timeout; answer with `accepted`, `refused` or `transportFailed`.
        case connect(address: String, version: ProtocolVersion)
        /// Publish the status `online` (retained, QoS 1) first, then subscribe, then send
        /// what waited, then call the caller's hook.
        case announceOnline
        /// Drop the current connection as it is, if there is one (no DISCONNECT, so the
        /// broker publishes the will).
        case closeConnection
        /// Connect again after `delay` nanoseconds: answer with `reconnectDue()`.
        case scheduleReconnect(delay: UInt64)
        /// Log that another client probably uses the same client id.
        case reportDuplicateClientID
        /// Log that the broker refused MQTT 5 and 3.1.1 is used from now on.
        case reportProtocolFallback
        /// Publish the status `offline` (retained, QoS 1) and wait, at most the stop's
        /// grace period: answer with `offlineDelivered()` or `stopDeadlinePassed()`.
        case publishOffline
        /// Send DISCONNECT, which tells the broker not to publish the will.
        case disconnect
        /// The stop is done: tell the caller.
        case finishStop
    }

    /// MQTT 5's "unsupported protocol version" (0x84), and MQTT 3.1.1's CONNACK code 1,
    /// "unacceptable protocol version", which libmosquitto reports as 0x84 too.
    public static let unsupportedProtocolVersion = 0x84
    public static let refusedProtocolVersion311 = 1

    /// A connection that lasted this long resets the backoff: the broker accepted it and kept
    /// it, so its end (a broker restart, the network) says nothing against connecting again
    /// soon, and after a broker that restarted several times in a row the node is back within
    /// seconds of the last restart. A shorter one counts as a failure, so that a broker that
    /// accepts and drops at once (another client with the same id, a plugin refusing the
    /// client after CONNACK) is not hit every second. The same bound as
    /// `DuplicateClientIDSuspicion.shortLived`: one meaning of "dropped at once".
    public static let stableConnection: UInt64 = ReconnectBackoff.stableConnection

    public private(set) var state = State.idle
    public private(set) var version = ProtocolVersion.v5
    public private(set) var addresses: [String] = []
    public private(set) var backoff: ReconnectBackoff
    private var suspicion = DuplicateClientIDSuspicion()

    public init(random: @escaping ReconnectBackoff.RandomSource = ReconnectBackoff.systemRandom) {
        backoff = ReconnectBackoff(random: random)
    }

    public var isOnline: Bool {
        if case .online = state { return true }
        return false
    }

    public mutating func start() -> [Action] {
        guard state == .idle else { return [] }
        state = .resolving
        return [.resolve]
    }

    /// The host name's addresses, in the order to try them.
    public mutating func resolved(_ found: [String]) -> [Action] {
        guard state == .resolving else { return [] }
        guard let first = found.first else { return backOff(closing: false) }
        addresses = found
        state = .connecting(addressIndex: 0)
        return [.connect(address: first, version: version)]
    }

    public mutating func resolutionFailed() -> [Action] {
        guard state == .resolving else { return [] }
        return backOff(closing: false)
    }

    /// The broker's CONNACK accepted the connection.
    public mutating func accepted(now: UInt64) -> [Action] {
        guard case .connecting = state else { return [] }
        state = .online(since: now)
        return [.announceOnline]
    }

    /// The broker's CONNACK refused the connection with `reasonCode`.
    public mutating func refused(reasonCode: Int) -> [Action] {
        guard case .connecting(let index) = state else { return [] }
        if version == .v5 && (reasonCode == Self.unsupportedProtocolVersion || reasonCode == Self.refusedProtocolVersion311) {
            version = .v311
            return [.closeConnection, .reportProtocolFallback, .connect(address: addresses[index], version: version)]
        }
        return backOff(closing: true)
    }

    /// The broker's answer to CONNECT could not be read as a CONNACK of the version
    /// spoken. An MQTT 3.1.1 broker answers an MQTT 5 CONNECT with a 3.1.1 CONNACK
    /// refusing the protocol level, which libmosquitto 2.0.11 fails to read (it expects
    /// MQTT 5's properties and reports a malformed packet, not the refusal): the same
    /// fallback as `refused(reasonCode: 0x84)`.
    public mutating func unreadableAnswer() -> [Action] {
        guard case .connecting = state else { return [] }
        guard version == .v5 else { return transportFailed() }
        return refused(reasonCode: Self.unsupportedProtocolVersion)
    }

    /// The connection failed before the broker's CONNACK: the TCP connect, TLS, the
    /// connect timeout, or the broker closing. The next address is tried at once; after
    /// the last, the backoff's delay.
    public mutating func transportFailed() -> [Action] {
        guard case .connecting(let index) = state else { return [] }
        guard index + 1 < addresses.count else { return backOff(closing: true) }
        state = .connecting(addressIndex: index + 1)
        return [.closeConnection, .connect(address: addresses[index + 1], version: version)]
    }

    /// The connection ended after the broker had accepted it, or, while stopping, ended at all.
    public mutating func connectionLost(now: UInt64) -> [Action] {
        switch state {
        case .connecting:
            return transportFailed()
        case .online(let since):
            if now &- since >= Self.stableConnection { backoff.reset() }
            let suspected = suspicion.connectionDropped(acceptedAt: since, now: now)
            var actions = backOff(closing: true)
            if suspected { actions.insert(.reportDuplicateClientID, at: 1) }
            return actions
        case .stopping:
            state = .stopped
            return [.closeConnection, .finishStop]
        case .idle, .resolving, .waiting, .stopped:
            return []
        }
    }

    public mutating func reconnectDue() -> [Action] {
        guard state == .waiting else { return [] }
        state = .resolving
        return [.resolve]
    }

    /// An orderly stop: online, `offline` is published before DISCONNECT; otherwise the
    /// client just stops trying.
    public mutating func stop() -> [Action] {
        switch state {
        case .online:
            state = .stopping(disconnectSent: false)
            return [.publishOffline]
        case .idle:
            state = .stopped
            return [.finishStop]
        case .resolving, .connecting, .waiting:
            state = .stopped
            return [.closeConnection, .finishStop]
        case .stopping, .stopped:
            return []
        }
    }

    /// The broker acknowledged `offline`.
    public mutating func offlineDelivered() -> [Action] {
        guard state == .stopping(disconnectSent: false) else { return [] }
        state = .stopping(disconnectSent: true)
        return [.disconnect]
    }

    /// The stop's grace period is over. Without DISCONNECT the broker publishes the will,
    /// so a status `offline` that never got through is published all the same.
    public mutating func stopDeadlinePassed() -> [Action] {
        guard case .stopping = state else { return [] }
        state = .stopped
        return [.closeConnection, .finishStop]
    }

    private mutating func backOff(closing: Bool) -> [Action] {
        state = .waiting
        let delay = backoff.nextDelay()
        return closing ? [.closeConnection, .scheduleReconnect(delay: delay)] : [.scheduleReconnect(delay: delay)]
    }
}

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import SystemCore
import CMosquitto
import CMosquittoTLS

/// What libmosquitto's callbacks reported, in order. The callbacks only record: the
/// client reads the record after each call into libmosquitto has returned, so nothing
/// it does (closing, destroying, publishing) ever runs inside libmosquitto.
enum MosquittoEvent {
    case connack(code: Int32)
    case disconnected(code: Int32, errno: Int32)
    case published(mid: Int32, reasonCode: Int32)
    case subscribed(mid: Int32, granted: [Int32])
    case message(MQTTMessage)
    /// A message larger than `ConnectionSettings.maximumMessageSize`, refused before any
    /// copy of it was made: its topic and its size in bytes (topic and payload).
    case oversized(topic: String, size: Int)
    case log(level: Int32, text: String)
}

/// What one connection attempt is made with.
struct ConnectionSettings {
    var clientID: String
    var version: MQTTConnectionStateMachine.ProtocolVersion
    var keepalive: Int32
    var username: String?
    var password: String?
    var statusTopic: String
    var willPayload: [UInt8]
    /// The broker's host name as configured (for TLS: the name its certificate must show).
    var brokerHost: String
    var tls: TLSFiles?
    /// The largest message taken, in bytes (its topic and payload): announced to an MQTT 5
    /// broker as the Maximum Packet Size, and checked on every message before it is copied.
    var maximumMessageSize: Int
    /// Whether libmosquitto's own log lines are wanted (it formats none without a callback).
    var logsLibrary: Bool
}

/// One libmosquitto handle, for one connection attempt and the connection it becomes.
/// A new attempt gets a new handle: whatever libmosquitto kept of the last connection
/// (its queue of unacknowledged QoS 1 messages above all) goes with the old one, and
/// the client alone decides what is sent again.
final class MosquittoConnection {
    private var handle: OpaquePointer?
    private var events: [MosquittoEvent] = []
    private let clock: () -> UInt64
    let settings: ConnectionSettings
    /// The TLS context, held to read why the broker's certificate was refused:
    /// libmosquitto reports only "a TLS error".
    private var tlsContext: UnsafeMutableRawPointer?

    /// Fails with the reason in words (a TLS file that cannot be read, no memory).
    init(settings: ConnectionSettings, clock: @escaping () -> UInt64) throws(ConnectionFailure) {
        MosquittoLibrary.ensureInitialised()
        self.settings = settings
        self.clock = clock
        guard let handle = mosquitto_new(settings.clientID, true, nil) else {
            throw ConnectionFailure("libmosquitto could not make a client: \(SystemCallError.reason(for: errno))")
        }
        self.handle = handle
        mosquitto_user_data_set(handle, Unmanaged.passUnretained(self).toOpaque())
        let protocolVersion = settings.version == .v5 ? MQTT_PROTOCOL_V5 : MQTT_PROTOCOL_V311
        _ = mosquitto_int_option(handle, MOSQ_OPT_PROTOCOL_VERSION, Int32(protocolVersion))
        // Each message is one small write: no waiting for more to fill a segment.
        _ = mosquitto_int_option(handle, MOSQ_OPT_TCP_NODELAY, 1)
        let will = settings.willPayload.withUnsafeBytes { bytes in
            mosquitto_will_set(handle, settings.statusTopic, Int32(bytes.count), bytes.baseAddress, 1, true)
        }
        guard will == MOSQ_ERR_SUCCESS.rawValue else {
            throw ConnectionFailure("the will on \(settings.statusTopic): \(MosquittoLibrary.describe(result: will, errno: 0))")
        }
        if let username = settings.username {
            _ = mosquitto_username_pw_set(handle, username, settings.password)
        }
        if settings.version == .v5 { try announceMaximumPacketSize(handle) }
        if let tls = settings.tls { try useTLS(tls, host: settings.brokerHost) }
        installCallbacks(handle)
    }

    deinit { destroy() }

    /// Frees the handle and closes its socket (unwatch it first). Idempotent.
    func destroy() {
        if let handle {
            self.handle = nil
            mosquitto_destroy(handle)
        }
        cmosq_tls_context_free(tlsContext)
        tlsContext = nil
    }

    /// Starts connecting to `address` (numeric: libmosquitto's own look-up would block)
    /// without waiting: the TCP connect is non-blocking, and CONNECT is queued behind it.
    func connect(address: String, port: UInt16) -> Int32 {
        guard let handle else { return Int32(MOSQ_ERR_INVAL.rawValue) }
        return mosquitto_connect_async(handle, address, Int32(port), settings.keepalive)
    }

    func takeEvents() -> [MosquittoEvent] {
        defer { events = [] }
        return events
    }

    var socket: Int32 { handle.map { mosquitto_socket($0) } ?? -1 }

    /// Whether the TLS handshake is still under way: libmosquitto then advances it only
    /// from `mosquitto_loop_read`, whichever way the socket is ready.
    var handshakePending: Bool {
        guard let handle, settings.tls != nil else { return false }
        return cmosq_tls_handshake_pending(mosquitto_ssl_get(handle)) != 0
    }

    /// Whether to poll for writing. During the TLS handshake, only when OpenSSL waits to
    /// write: libmosquitto's own `want_write` stays set after the handshake's first write
    /// and would keep a writable socket waking the loop until the handshake ends.
    var wantsWrite: Bool {
        guard let handle else { return false }
        if handshakePending { return cmosq_tls_wants_write(mosquitto_ssl_get(handle)) != 0 }
        return mosquitto_want_write(handle)
    }

    func loopRead() -> Int32 { call { mosquitto_loop_read($0, 1) } }
    func loopWrite() -> Int32 { call { mosquitto_loop_write($0, 1) } }
    func loopMisc() -> Int32 { call { mosquitto_loop_misc($0) } }

    func publish(_ message: OutgoingMessage, mid: inout Int32) -> Int32 {
        guard let handle else { return Int32(MOSQ_ERR_NO_CONN.rawValue) }
        return message.payload.withUnsafeBytes { bytes in
            mosquitto_publish(handle, &mid, message.topic, Int32(bytes.count), bytes.baseAddress, message.qos.rawValue,
                              message.retained)
        }
    }

    func subscribe(_ filter: String, qos: QoS, mid: inout Int32) -> Int32 {
        guard let handle else { return Int32(MOSQ_ERR_NO_CONN.rawValue) }
        return mosquitto_subscribe(handle, &mid, filter, qos.rawValue)
    }

    func unsubscribe(_ filter: String) -> Int32 {
        guard let handle else { return Int32(MOSQ_ERR_NO_CONN.rawValue) }
        return mosquitto_unsubscribe(handle, nil, filter)
    }

    /// DISCONNECT: the broker drops the will.
    func disconnect() -> Int32 {
        guard let handle else { return Int32(MOSQ_ERR_NO_CONN.rawValue) }
        return mosquitto_disconnect(handle)
    }

    /// Why TLS refused the broker's certificate, if it did.
    var certificateProblem: String? {
        cmosq_tls_context_refusal(tlsContext).map { String(cString: $0) }
    }

    private func call(_ body: (OpaquePointer) -> Int32) -> Int32 {
        guard let handle else { return Int32(MOSQ_ERR_NO_CONN.rawValue) }
        return body(handle)
    }

    private func useTLS(_ tls: TLSFiles, host: String) throws(ConnectionFailure) {
        guard let handle else { return }
        // Read here, at each attempt (renewed certificates are picked up), never by
        // OpenSSL from the path: it would open a FIFO and wait on it, on the loop.
        let ca = try tls.caFile.map { path throws(ConnectionFailure) in try PEMFile(path: path, key: "ca_file") }
        let cert = try tls.certFile.map { path throws(ConnectionFailure) in try PEMFile(path: path, key: "cert_file") }
        let key = try tls.keyFile.map { path throws(ConnectionFailure) in try PEMFile(path: path, key: "key_file") }
        var error = [CChar](repeating: 0, count: 512)
        let made = Self.withPEM(ca) { ca in
            Self.withPEM(cert) { cert in
                Self.withPEM(key) { key in cmosq_tls_context_new(host, ca, cert, key, &error, error.count) }
            }
        }
        guard let context = made else {
            throw ConnectionFailure(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        // libmosquitto takes a reference of its own, dropped by mosquitto_destroy; this
        // one goes in `destroy()`.
        tlsContext = context
        guard mosquitto_void_option(handle, MOSQ_OPT_SSL_CTX, context) == MOSQ_ERR_SUCCESS.rawValue else {
            throw ConnectionFailure("this libmosquitto was built without TLS")
        }
        // Its defaults (on unless turned off) would install libmosquitto's own host-name
        // check, which compares the certificate with the numeric address connected to;
        // off, libmosquitto configures nothing on the context and OpenSSL checks the
        // broker's name as set up in it.
        _ = mosquitto_int_option(handle, MOSQ_OPT_SSL_CTX_WITH_DEFAULTS, 0)
        // Consulted only by that check; set all the same, should a later libmosquitto
        // consult it elsewhere.
        _ = mosquitto_tls_insecure_set(handle, false)
    }

    /// MQTT 5's Maximum Packet Size in CONNECT: the broker then never sends this client a
    /// larger packet (mosquitto drops it for this client alone). libmosquitto 2.0 takes
    /// CONNECT properties only in `mosquitto_connect_bind_v5`, which connects blocking; it
    /// stores them before it checks the host, so a call without a host stores them and
    /// fails, and `mosquitto_connect_async` then sends them (lib/connect.c, the same from
    /// 2.0.0 to 2.0.20).
    private func announceMaximumPacketSize(_ handle: OpaquePointer) throws(ConnectionFailure) {
        // What the client refuses is the topic and payload; the packet adds its header, the
        // packet id and the properties: some room for them.
        let packetSize = UInt32(clamping: settings.maximumMessageSize + Self.packetOverhead)
        var properties: OpaquePointer?
        defer { mosquitto_property_free_all(&properties) }
        let added = mosquitto_property_add_int32(&properties, Int32(MQTT_PROP_MAXIMUM_PACKET_SIZE.rawValue), packetSize)
        let stored = mosquitto_connect_bind_v5(handle, nil, 0, settings.keepalive, nil, properties)
        guard added == MOSQ_ERR_SUCCESS.rawValue, stored == MOSQ_ERR_INVAL.rawValue else {
            throw ConnectionFailure("libmosquitto did not take the maximum packet size: "
                + MosquittoLibrary.describe(result: added == MOSQ_ERR_SUCCESS.rawValue ? stored : added, errno: 0))
        }
    }

    /// What a PUBLISH adds to its topic and payload: the fixed header (5), the topic's
    /// length (2), the packet id (2) and properties a broker may add (a message expiry, a
    /// content type, a few user properties).
    static let packetOverhead = 1024

    /// `file` as OpenSSL's shim takes it, for the time of `body`.
    private static func withPEM<Result>(_ file: PEMFile?, _ body: (cmosq_pem) -> Result) -> Result {
        guard let file else { return body(cmosq_pem(bytes: nil, count: 0, name: nil)) }
        return file.bytes.withUnsafeBytes { bytes in
            file.path.withCString { name in
                // An empty file still passes a pointer: given, and refused as holding no PEM.
                body(cmosq_pem(bytes: bytes.baseAddress ?? UnsafeRawPointer(name), count: bytes.count, name: name))
            }
        }
    }

    fileprivate func record(_ event: MosquittoEvent) { events.append(event) }

    fileprivate var now: UInt64 { clock() }

    private func installCallbacks(_ handle: OpaquePointer) {
        mosquitto_connect_v5_callback_set(handle) { _, context, code, _, _ in
            MosquittoConnection.from(context)?.record(.connack(code: code))
        }
        mosquitto_disconnect_v5_callback_set(handle) { _, context, code, _ in
            let saved = errno
            MosquittoConnection.from(context)?.record(.disconnected(code: code, errno: saved))
        }
        mosquitto_publish_v5_callback_set(handle) { _, context, mid, reasonCode, _ in
            MosquittoConnection.from(context)?.record(.published(mid: mid, reasonCode: reasonCode))
        }
        mosquitto_subscribe_v5_callback_set(handle) { _, context, mid, count, granted, _ in
            let codes = (0..<Int(max(count, 0))).map { granted![$0] }
            MosquittoConnection.from(context)?.record(.subscribed(mid: mid, granted: codes))
        }
        mosquitto_message_v5_callback_set(handle) { _, context, message, _ in
            guard let connection = MosquittoConnection.from(context), let message else { return }
            let entry = message.pointee
            // Checked before anything is copied: over MQTT 3.1.1 the broker does not know
            // the maximum, and libmosquitto reads a packet of any size (it allocates what the
            // packet's header says; lib/packet_mosq.c has no check for clients).
            let size = Int(max(entry.payloadlen, 0)) + (entry.topic.map { strlen($0) } ?? 0)
            guard size <= connection.settings.maximumMessageSize else {
                connection.record(.oversized(topic: entry.topic.map { String(cString: $0) } ?? "", size: size))
                return
            }
            let payload = entry.payload.map {
                Array(UnsafeRawBufferPointer(start: $0, count: Int(entry.payloadlen)))
            } ?? []
            connection.record(.message(MQTTMessage(
                topic: String(cString: entry.topic), payload: payload, qos: entry.qos == 0 ? .atMostOnce : .atLeastOnce,
                retained: entry.retain, receivedAt: connection.now)))
        }
        guard settings.logsLibrary else { return }
        mosquitto_log_callback_set(handle) { _, context, level, text in
            guard let text else { return }
            MosquittoConnection.from(context)?.record(.log(level: level, text: String(cString: text)))
        }
    }

    private static func from(_ context: UnsafeMutableRawPointer?) -> MosquittoConnection? {
        context.map { Unmanaged<MosquittoConnection>.fromOpaque($0).takeUnretainedValue() }
    }
}

/// Why a connection could not even be attempted, in words.
struct ConnectionFailure: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

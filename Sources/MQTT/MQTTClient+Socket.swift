#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import SystemCore
import CMosquitto
import Logging
import Loop

extension MQTTClient {
    /// The socket is ready: libmosquitto reads or writes as much as it can.
    func socketReady(_ revents: Int16) {
        guard let connection, connection.socket >= 0 else { return }
        let failed = revents & Int16(POLLERR | POLLHUP) != 0
        if connection.handshakePending {
            // libmosquitto retries a handshake whose socket failed without end (it takes a
            // failed write for "try again"): the error is read here instead.
            if failed {
                let code = Self.socketError(connection.socket)
                connectionEnded(code != 0 ? SystemCallError.reason(for: code)
                                          : "the broker closed the connection during the TLS handshake")
                return
            }
            settle(connection, result: connection.loopRead())
            return
        }
        if revents & Int16(POLLIN) != 0 || failed {
            settle(connection, result: connection.loopRead())
        }
        if revents & Int16(POLLOUT) != 0, connection === self.connection, connection.socket >= 0 {
            settle(connection, result: connection.loopWrite())
        }
    }

    /// After any call into libmosquitto: stop watching a socket it closed, act on what
    /// its callbacks reported, notice a connection it dropped without a report (a failed
    /// TLS handshake), and poll for writing exactly when it has something to write.
    func settle(_ settled: MosquittoConnection, result: Int32) {
        let callErrno = errno
        if settled === connection, settled.socket != watchedDescriptor { unwatchSocket() }
        var reportedEnd = false
        for event in settled.takeEvents() {
            if case .message(let message) = event {
                // Read before anything else happened to the connection: deliver it.
                counters.messagesIn += 1
                onMessage?(message)
                continue
            }
            if case .oversized(let topic, let size) = event {
                refuseOversized(topic: topic, size: size)
                continue
            }
            guard settled === connection else { continue }
            if case .disconnected = event { reportedEnd = true }
            handle(event, from: settled)
        }
        if settled === connection, !reportedEnd, settled.socket < 0 {
            var reason = MosquittoLibrary.describe(result: result, errno: callErrno)
            if let problem = settled.certificateProblem { reason = "the broker's certificate was refused: \(problem)" }
            connectionEnded(reason)
        }
        watchSocket()
    }

    private func handle(_ event: MosquittoEvent, from source: MosquittoConnection) {
        switch event {
        case .connack(let code):
            if code == 0 {
                perform(machine.accepted(now: loop.now))
            } else {
                lastReason = "\(configuration.broker) refused the connection: "
                    + MosquittoLibrary.describe(reasonCode: code, version: source.settings.version)
                counters.failedAttempts += 1
                perform(machine.refused(reasonCode: Int(code)))
            }
        case .disconnected(let code, let savedErrno):
            let reason = describeDisconnect(code: code, errno: savedErrno, version: source.settings.version)
            if case .connecting = machine.state,
               code == MOSQ_ERR_MALFORMED_PACKET.rawValue || code == MOSQ_ERR_PROTOCOL.rawValue {
                lastReason = "cannot connect to \(configuration.broker): \(reason)"
                counters.failedAttempts += 1
                perform(machine.unreadableAnswer())
            } else {
                connectionEnded(reason)
            }
        case .published(let mid, let reasonCode):
            published(mid: mid, reasonCode: reasonCode)
        case .subscribed(let mid, let granted):
            let filter = pendingSubscriptions.removeValue(forKey: mid)
            if let filter, let code = granted.first, code >= 0x80 {
                let said = MosquittoLibrary.describe(reasonCode: code, version: source.settings.version)
                logger.warning("the broker refused the subscription to \(filter): \(said)")
            }
        case .message, .oversized:
            break
        case .log(let level, let text):
            logger.debug("libmosquitto: \(text)", metadata: ["mqtt_log_level": "\(level)"])
        }
    }

    private func published(mid: Int32, reasonCode: Int32) {
        if mid == statusMessageID {
            statusMessageID = nil
            counters.messagesOut += 1
            if case .stopping = machine.state { perform(machine.offlineDelivered()) }
            return
        }
        guard let (_, message) = inFlight.removeValue(forKey: mid) else { return }
        if reasonCode >= 0x80 {
            counters.refusedPublishes += 1
            let said = MosquittoLibrary.describe(reasonCode: reasonCode, version: .v5)
            logger.warning("the broker refused the message to \(message.topic): \(said)")
        } else {
            counters.messagesOut += 1
            onPublished?(MQTTPublishReceipt(topic: message.topic, qos: message.qos, retained: message.retained,
                                            queuedAt: message.queuedAt, completedAt: loop.now))
        }
        drainQueue()
    }

    /// A message larger than the client takes: counted, and logged the first time its
    /// topic sends one (a retained one comes again on every connection).
    private func refuseOversized(topic: String, size: Int) {
        counters.refusedMessages += 1
        guard oversizedTopics.count < Self.oversizedTopicsRemembered, oversizedTopics.insert(topic).inserted else {
            return
        }
        logger.warning("""
            ignoring a message of \(size) bytes on \(topic): larger than the \(configuration.maximumMessageSize) \
            taken (max_message_size under mqtt:); said once per topic
            """, metadata: ["mqtt_topic": "\(topic)", "mqtt_message_size": "\(size)"])
    }

    /// Topics whose over-large message was logged; past this many, the rest are only counted.
    static let oversizedTopicsRemembered = 1024

    /// The connection (or the attempt) is over.
    func connectionEnded(_ reason: String) {
        let wasOnline = machine.isOnline
        if wasOnline || { if case .stopping = machine.state { return true } else { return false } }() {
            counters.disconnects += 1
            onDisconnected?(reason)
        } else if case .connecting = machine.state {
            counters.failedAttempts += 1
        }
        lastReason = wasOnline ? "disconnected from \(configuration.broker): \(reason)"
                               : "cannot connect to \(configuration.broker): \(reason)"
        if case .stopping = machine.state {
            logger.info("disconnected from \(configuration.broker)")
        }
        perform(machine.connectionLost(now: loop.now))
    }

    private func describeDisconnect(code: Int32, errno: Int32,
                                    version: MQTTConnectionStateMachine.ProtocolVersion) -> String {
        if code == 0 { return "disconnected" }
        if code >= 0x80 {
            let said = MosquittoLibrary.describe(reasonCode: code, version: .v5)
            if code == 0x8E { return "the broker says: \(said) (another client connected with the same client id)" }
            return "the broker says: \(said)"
        }
        return MosquittoLibrary.describe(result: code, errno: errno)
    }

    /// Watches libmosquitto's socket for reading, and for writing when it has something
    /// to write; changes the watch only when that changes.
    func watchSocket() {
        guard let connection else { return unwatchSocket() }
        let fd = connection.socket
        if fd != watchedDescriptor { unwatchSocket() }
        guard fd >= 0 else { return }
        let events = Int16(POLLIN) | (connection.wantsWrite ? Int16(POLLOUT) : 0)
        guard fd != watchedDescriptor || events != watchedEvents else { return }
        loop.watch(fd: fd, events: events) { [weak self] revents in self?.socketReady(revents) }
        watchedDescriptor = fd
        watchedEvents = events
    }

    /// Before the socket is closed, or right after libmosquitto closed it, before any
    /// other descriptor can be opened with its number.
    func unwatchSocket() {
        guard watchedDescriptor >= 0 else { return }
        loop.unwatch(fd: watchedDescriptor)
        watchedDescriptor = -1
        watchedEvents = 0
    }

    static func socketError(_ fd: Int32) -> Int32 {
        var code: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        do throws(SystemCallError) {
            try SystemCall.retrying("getsockopt") { getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length) }
        } catch {
            return error.errno
        }
        return code
    }
}

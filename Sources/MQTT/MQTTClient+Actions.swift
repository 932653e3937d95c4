#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import CMosquitto
import Logging
import Loop

extension MQTTClient {
    /// Does what the state machine decided, in order.
    func perform(_ actions: [MQTTConnectionStateMachine.Action]) {
        for action in actions { perform(action) }
    }

    private func perform(_ action: MQTTConnectionStateMachine.Action) {
        switch action {
        case .resolve:
            resolve()
        case .connect(let address, let version):
            connect(to: address, version: version)
        case .announceOnline:
            announceOnline()
        case .closeConnection:
            closeConnection()
        case .scheduleReconnect(let delay):
            scheduleReconnect(after: delay)
        case .reportDuplicateClientID:
            let text = "the broker dropped \(DuplicateClientIDSuspicion.threshold) connections within seconds of "
                + "accepting them, within a minute: another client probably uses the client id \(configuration.clientID)"
            logger.error("\(text)", metadata: ["mqtt_client_id": "\(configuration.clientID)"])
        case .reportProtocolFallback:
            // MQTT 3.1.1 has no Maximum Packet Size, and libmosquitto 2.0 reads a packet of
            // any size whole before the client can refuse it: only the broker can bound it.
            logger.warning("""
                \(configuration.broker) refused MQTT 5; using MQTT 3.1.1, which cannot tell the broker the \
                largest message taken (\(configuration.maximumMessageSize)): a larger one is read whole before \
                it is refused; bound it on the broker (mosquitto: message_size_limit)
                """)
        case .publishOffline:
            publishOffline()
        case .disconnect:
            disconnect()
        case .finishStop:
            finishStop()
        }
    }

    private func resolve() {
        resolution += 1
        let current = resolution
        HostResolver.resolve(configuration.broker.host, on: loop) { [weak self] result in
            guard let self, self.resolution == current else { return }
            switch result {
            case .success(let addresses):
                self.perform(self.machine.resolved(addresses))
            case .failure(let failure):
                self.lastReason = "cannot connect to \(self.configuration.broker): \(failure.reason)"
                self.counters.failedAttempts += 1
                self.perform(self.machine.resolutionFailed())
            }
        }
    }

    private func connect(to address: String, version: MQTTConnectionStateMachine.ProtocolVersion) {
        let settings = ConnectionSettings(
            clientID: configuration.clientID, version: version, keepalive: Int32(configuration.keepalive),
            username: configuration.username, password: configuration.password,
            statusTopic: configuration.statusTopic, willPayload: Array(configuration.offlinePayload.utf8),
            brokerHost: configuration.broker.host,
            tls: configuration.broker.usesTLS ? (configuration.tls ?? TLSFiles()) : nil,
            maximumMessageSize: configuration.maximumMessageSize.bytes,
            logsLibrary: logger.logLevel <= .debug)
        logger.debug("connecting to \(configuration.broker) (\(address)) as \(configuration.clientID) (\(version))")
        let attempt: MosquittoConnection
        do {
            attempt = try MosquittoConnection(settings: settings, clock: { [loop] in loop.now })
        } catch {
            failAttempt(error.reason)
            return
        }
        connection = attempt
        let result = attempt.connect(address: address, port: configuration.broker.port)
        let callErrno = errno
        guard result == MOSQ_ERR_SUCCESS.rawValue else {
            // On loopback the broker can refuse the certificate within the call.
            let problem = attempt.certificateProblem.map { "the broker's certificate was refused: \($0)" }
            failAttempt(problem ?? MosquittoLibrary.describe(result: result, errno: callErrno))
            return
        }
        // libmosquitto's socket is not close-on-exec: a child started later would keep
        // the connection open after this process dies, and the broker would never
        // publish the will.
        let fd = attempt.socket
        if fd >= 0 { _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC) }
        connectTimer = loop.schedule(in: configuration.connectTimeout) { [weak self, weak attempt] in
            guard let self, let attempt, attempt === self.connection else { return }
            self.failAttempt("no answer within \(Self.seconds(self.configuration.connectTimeout.nanosecondCount))")
        }
        miscTimer = loop.schedule(atNanoseconds: loop.now &+ 1_000_000_000, interval: 1_000_000_000) {
            [weak self, weak attempt] in
            guard let self, let attempt, attempt === self.connection else { return }
            self.settle(attempt, result: attempt.loopMisc())
        }
        settle(attempt, result: result)
    }

    /// The attempt under way failed before the broker accepted it.
    func failAttempt(_ reason: String) {
        lastReason = "cannot connect to \(configuration.broker): \(reason)"
        counters.failedAttempts += 1
        perform(machine.transportFailed())
    }

    private func announceOnline() {
        connectTimer?.cancel()
        connectTimer = nil
        counters.connects += 1
        logger.info("connected to \(configuration.broker) as \(configuration.clientID) (\(machine.version))")
        guard let connection else { return }
        // Status first: whoever watches it learns the node is back before its states arrive.
        publishStatus(configuration.onlinePayload, on: connection)
        for (filter, qos) in subscriptions { sendSubscription(filter, qos: qos) }
        drainQueue()
        guard machine.isOnline else { return }
        onConnected?()
    }

    func publishStatus(_ payload: String, on connection: MosquittoConnection) {
        var mid: Int32 = 0
        let status = OutgoingMessage(topic: configuration.statusTopic, payload: Array(payload.utf8), qos: .atLeastOnce,
                                     retained: true, queuedAt: loop.now)
        let result = connection.publish(status, mid: &mid)
        statusMessageID = result == MOSQ_ERR_SUCCESS.rawValue ? mid : nil
        settle(connection, result: result)
    }

    func sendSubscription(_ filter: String, qos: QoS) {
        guard let connection else { return }
        var mid: Int32 = 0
        let result = connection.subscribe(filter, qos: qos, mid: &mid)
        if result == MOSQ_ERR_SUCCESS.rawValue { pendingSubscriptions[mid] = filter }
        settle(connection, result: result)
    }

    /// Sends what waits, as far as the in-flight limit allows.
    func drainQueue() {
        guard !draining else { return }
        draining = true
        defer { draining = false }
        while machine.isOnline, connection != nil, inFlight.count < configuration.inFlightLimit, let next = queue.next() {
            send(next)
        }
    }

    /// Hands `message` to libmosquitto. Recorded as in flight before libmosquitto's
    /// report of it is read (a QoS 0 message is reported written within the call).
    func send(_ message: OutgoingMessage) {
        guard let connection else {
            queue.putBack([message])
            return
        }
        var mid: Int32 = 0
        let result = connection.publish(message, mid: &mid)
        if result == MOSQ_ERR_SUCCESS.rawValue {
            sentSequence += 1
            inFlight[mid] = (sentSequence, message)
        } else if MosquittoLibrary.refusesMessage(result) {
            counters.refusedPublishes += 1
            logger.warning("cannot publish to \(message.topic): \(MosquittoLibrary.describe(result: result, errno: errno))")
        } else {
            // The connection is failing; it reports so, and the message waits for the next.
            queue.putBack([message])
        }
        settle(connection, result: result)
    }

    func closeConnection() {
        connectTimer?.cancel()
        connectTimer = nil
        miscTimer?.cancel()
        miscTimer = nil
        guard let closing = connection else { return }
        connection = nil
        unwatchSocket()
        let unconfirmed = inFlight.values.sorted { $0.sequence < $1.sequence }.map(\.message)
        inFlight = [:]
        pendingSubscriptions = [:]
        statusMessageID = nil
        if machine.state != .stopped { queue.putBack(unconfirmed) }
        closing.destroy()
    }

    private func scheduleReconnect(after delay: UInt64) {
        logger.warning("\(lastReason); connecting again in \(Self.seconds(delay))",
                       metadata: ["mqtt_reason": "\(lastReason)", "mqtt_delay_ms": "\(delay / 1_000_000)"])
        reconnectTimer?.cancel()
        reconnectTimer = loop.schedule(in: .nanoseconds(Int64(delay))) { [weak self] in
            guard let self else { return }
            self.reconnectTimer = nil
            self.perform(self.machine.reconnectDue())
        }
    }

    private func publishOffline() {
        stopTimer = loop.schedule(in: configuration.stopGracePeriod) { [weak self] in
            guard let self else { return }
            let text = "the broker did not take '\(self.configuration.offlinePayload)' within "
                + "\(Self.seconds(self.configuration.stopGracePeriod.nanosecondCount)); closing (the will says it)"
            self.logger.warning("\(text)")
            self.perform(self.machine.stopDeadlinePassed())
        }
        guard let connection else {
            perform(machine.stopDeadlinePassed())
            return
        }
        publishStatus(configuration.offlinePayload, on: connection)
        if statusMessageID == nil { perform(machine.stopDeadlinePassed()) }
    }

    private func disconnect() {
        guard let connection else { return }
        let result = connection.disconnect()
        settle(connection, result: result)
        if result != MOSQ_ERR_SUCCESS.rawValue && connection === self.connection {
            perform(machine.stopDeadlinePassed())
        }
    }

    private func finishStop() {
        for timer in [reconnectTimer, stopTimer, connectTimer, miscTimer] { timer?.cancel() }
        reconnectTimer = nil
        stopTimer = nil
        resolution += 1
        // Debug only: the daemon, which stopped the client, says `stopped (REASON)` itself
        // once the client is done; a second, bare `stopped` would read as another stop.
        logger.debug("stopped", metadata: ["mqtt_client_id": "\(configuration.clientID)"])
        let completions = stopCompletions
        stopCompletions = []
        for completion in completions { completion() }
    }

    /// Nanoseconds as a person reads them: "1 s", "2.4 s".
    static func seconds(_ nanoseconds: UInt64) -> String {
        let tenths = (nanoseconds + 50_000_000) / 100_000_000
        return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
    }
}

extension Duration {
    var nanosecondCount: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        return UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
    }
}

import MQTT
import Testing

@Suite("The connection lifecycle as a state machine")
struct MQTTConnectionStateMachineTests {
    private let second: UInt64 = 1_000_000_000
    private typealias Machine = MQTTConnectionStateMachine

    /// A machine whose random draws are the upper bound: delays 1, 2, 4, ... s.
    private func machine() -> Machine { Machine(random: { $0 }) }

    @Test("start, look-up, connect, accepted: online; each event returns the actions the client performs")
    func connect() {
        var machine = machine()
        #expect(machine.start() == [.resolve])
        #expect(machine.start() == [], "a second start does nothing")
        #expect(machine.resolved(["192.0.2.7", "2001:db8::7"]) == [.connect(address: "192.0.2.7", version: .v5)])
        #expect(machine.accepted(now: 5 * second) == [.announceOnline])
        #expect(machine.state == .online(since: 5 * second))
        #expect(machine.isOnline)
        #expect(machine.accepted(now: 6 * second) == [], "only while connecting")
    }

    @Test("a failed attempt tries the next address at once, then backs off; the look-up's failure backs off")
    func addresses() {
        var machine = machine()
        _ = machine.start()
        _ = machine.resolved(["::1", "127.0.0.1"])
        #expect(machine.transportFailed() == [.closeConnection, .connect(address: "127.0.0.1", version: .v5)])
        #expect(machine.transportFailed() == [.closeConnection, .scheduleReconnect(delay: second)])
        #expect(machine.state == .waiting)
        #expect(machine.transportFailed() == [], "nothing is under way")
        #expect(machine.reconnectDue() == [.resolve])
        #expect(machine.resolutionFailed() == [.scheduleReconnect(delay: 2 * second)])
        #expect(machine.reconnectDue() == [.resolve])
        #expect(machine.resolved([]) == [.scheduleReconnect(delay: 4 * second)], "no address is a failure")
        #expect(machine.reconnectDue() == [.resolve])
        _ = machine.resolved(["127.0.0.1"])
        #expect(machine.connectionLost(now: 0) == [.closeConnection, .scheduleReconnect(delay: 8 * second)],
                "a connection closed before CONNACK is a failed attempt")
    }

    @Test("MQTT 5 refused as unsupported: MQTT 3.1.1 at once, on the same address, from then on")
    func fallback() {
        var machine = machine()
        _ = machine.start()
        _ = machine.resolved(["192.0.2.7", "192.0.2.8"])
        #expect(machine.refused(reasonCode: 0x84)
            == [.closeConnection, .reportProtocolFallback, .connect(address: "192.0.2.7", version: .v311)])
        #expect(machine.version == .v311)
        #expect(machine.refused(reasonCode: 1) == [.closeConnection, .scheduleReconnect(delay: second)],
                "3.1.1 refused too: nothing older is tried")
        _ = machine.reconnectDue()
        #expect(machine.resolved(["192.0.2.7"]) == [.connect(address: "192.0.2.7", version: .v311)])

        var threeOne = self.machine()
        _ = threeOne.start()
        _ = threeOne.resolved(["192.0.2.7"])
        #expect(threeOne.refused(reasonCode: 1)
            == [.closeConnection, .reportProtocolFallback, .connect(address: "192.0.2.7", version: .v311)],
                "a 3.1.1 broker's CONNACK code 1 to an MQTT 5 CONNECT")
    }

    @Test("an answer to an MQTT 5 CONNECT that is no MQTT 5 CONNACK: MQTT 3.1.1 at once; under 3.1.1, a failure")
    func unreadableAnswer() {
        var machine = machine()
        _ = machine.start()
        _ = machine.resolved(["192.0.2.7"])
        #expect(machine.unreadableAnswer()
            == [.closeConnection, .reportProtocolFallback, .connect(address: "192.0.2.7", version: .v311)])
        #expect(machine.unreadableAnswer() == [.closeConnection, .scheduleReconnect(delay: second)])
        #expect(machine.unreadableAnswer() == [], "not connecting")
    }

    @Test("other refusals (bad password, not authorised) back off like any failure")
    func refusals() {
        var machine = machine()
        _ = machine.start()
        _ = machine.resolved(["192.0.2.7"])
        #expect(machine.refused(reasonCode: 0x86) == [.closeConnection, .scheduleReconnect(delay: second)])
        #expect(machine.version == .v5)
        #expect(machine.refused(reasonCode: 0x87) == [], "not connecting")
    }

    @Test("a connection lost after a stable while resets the backoff; short ones do not")
    func backoffAcrossConnections() {
        var machine = machine()
        _ = machine.start()
        _ = machine.resolved(["a"])
        _ = machine.transportFailed()              // 1 s
        _ = machine.reconnectDue()
        _ = machine.resolved(["a"])
        _ = machine.accepted(now: 100 * second)
        #expect(machine.connectionLost(now: 102 * second) == [.closeConnection, .scheduleReconnect(delay: 2 * second)],
                "2 s after CONNACK: the backoff goes on growing")
        _ = machine.reconnectDue()
        _ = machine.resolved(["a"])
        _ = machine.accepted(now: 200 * second)
        #expect(machine.connectionLost(now: 230 * second) == [.closeConnection, .scheduleReconnect(delay: second)],
                "30 s online: back to 1 s")
    }

    @Test("a broker restarted again and again: each connection it kept for seconds resets the backoff, so the next wait is short")
    func backoffAfterFlappingBroker() {
        var machine = machine()
        _ = machine.start()
        var now = 100 * second
        // Six restarts, the node connected for 6 s between them; each restart also refuses
        // one attempt (the broker is not listening yet).
        for _ in 0..<6 {
            _ = machine.resolved(["a"])
            _ = machine.accepted(now: now)
            now += 6 * second
            #expect(machine.connectionLost(now: now) == [.closeConnection, .scheduleReconnect(delay: second)],
                    "6 s online: the broker kept the connection, the wait starts again at 1 s")
            _ = machine.reconnectDue()
            _ = machine.resolved(["a"])
            #expect(machine.transportFailed() == [.closeConnection, .scheduleReconnect(delay: 2 * second)],
                    "the refused attempt after it waits at most 2 s")
            now += 3 * second
            _ = machine.reconnectDue()
        }
        #expect(machine.backoff.failures == 2)
        #expect(Machine.stableConnection == 5 * second)
    }

    @Test("connections dropped within 5 s of CONNACK go on growing the backoff, up to 60 s")
    func backoffForConnectionsDroppedAtOnce() {
        var machine = machine()
        _ = machine.start()
        var now = 100 * second
        var delays: [UInt64] = []
        for _ in 0..<8 {
            _ = machine.resolved(["a"])
            _ = machine.accepted(now: now)
            now += 4 * second
            for action in machine.connectionLost(now: now) {
                if case .scheduleReconnect(let delay) = action { delays.append(delay / second) }
            }
            _ = machine.reconnectDue()
        }
        #expect(delays == [1, 2, 4, 8, 16, 32, 60, 60])
    }

    @Test("three connections dropped within seconds of CONNACK in a minute: the duplicate client id is reported")
    func duplicateClientID() {
        var machine = Machine(random: { _ in 0 })
        _ = machine.start()
        var now = 10 * second
        var reports: [[Machine.Action]] = []
        for _ in 0..<3 {
            _ = machine.resolved(["a"])
            _ = machine.accepted(now: now)
            now += second / 2
            reports.append(machine.connectionLost(now: now))
            now += second
            _ = machine.reconnectDue()
        }
        #expect(reports[0] == [.closeConnection, .scheduleReconnect(delay: second)])
        #expect(reports[1] == [.closeConnection, .scheduleReconnect(delay: second)])
        #expect(reports[2] == [.closeConnection, .reportDuplicateClientID, .scheduleReconnect(delay: second)])
    }

    @Test("stop while online: offline first, DISCONNECT once delivered, then done when the connection closes")
    func orderlyStop() {
        var machine = machine()
        _ = machine.start()
        _ = machine.resolved(["a"])
        _ = machine.accepted(now: 0)
        #expect(machine.stop() == [.publishOffline])
        #expect(!machine.isOnline)
        #expect(machine.stop() == [], "already stopping")
        #expect(machine.offlineDelivered() == [.disconnect])
        #expect(machine.offlineDelivered() == [])
        #expect(machine.connectionLost(now: 1) == [.closeConnection, .finishStop])
        #expect(machine.state == .stopped)
        #expect(machine.stopDeadlinePassed() == [])
        #expect(machine.start() == [], "stopped for good")
    }

    @Test("a stop whose offline is not delivered in time closes without DISCONNECT: the will speaks")
    func stopDeadline() {
        var machine = machine()
        _ = machine.start()
        _ = machine.resolved(["a"])
        _ = machine.accepted(now: 0)
        _ = machine.stop()
        #expect(machine.stopDeadlinePassed() == [.closeConnection, .finishStop])
        #expect(machine.offlineDelivered() == [])
    }

    @Test("a stop in every other state", arguments: [0, 1, 2, 3])
    func stopElsewhere(step: Int) {
        var machine = machine()
        if step == 0 {
            #expect(machine.stop() == [.finishStop])
            return
        }
        _ = machine.start()
        if step >= 2 { _ = machine.resolved(["a"]) }
        if step >= 3 { _ = machine.transportFailed() }
        #expect(machine.stop() == [.closeConnection, .finishStop])
        #expect(machine.state == .stopped)
        #expect(machine.reconnectDue() == [])
        #expect(machine.resolved(["a"]) == [])
    }
}

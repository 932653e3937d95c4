import MosquittoTesting
import Foundation
import Logging
@testable import MQTT
import Testing

/// Against a real mosquitto of the test's own, on a loopback port; the client on a
/// `PosixEventLoop`, as the daemon runs it.
@Suite("The client against a real broker: connect, status, will, stop", .serialized,
       .enabled(if: Tools.haveBroker, Comment(rawValue: Tools.noBroker)), .tags(.broker))
struct BrokerConnectionTests {
    @Test("connects with MQTT 5, publishes online retained first, then the caller's hook runs")
    func connectAndOnline() throws {
        let broker = try TestBroker()
        let observer = try Observer(port: broker.port, topics: ["node/#"])
        let client = try ClientHarness(try .test(broker.url), onConnected: { client in
            try? client.publish("node/state", payload: Array("hello".utf8), retained: true)
        })
        client.start()
        #expect(client.waitForConnection())
        #expect(client.isConnected)
        #expect(client.run { $0.protocolVersion } == .v5)
        let seen = observer.wait(for: 1, of: "node/state")
        #expect(seen == ["1 hello"])
        #expect(observer.lines.first == "1 node/status online", "the status comes before anything else")
        #expect(try Tools.waitForRetained(port: broker.port, topic: "node/status", "online"))
        #expect(broker.log.contains("as gpioagg-node-test (p5, c1, k30)"), "MQTT 5, clean start, keepalive 30 s")
        #expect(client.logs.withLockedValue { $0.contains { $0.level == Logger.Level.info && $0.message.contains("connected to") } })
        // A message is counted out when the broker acknowledges it, which the client can
        // hear after the observer has been sent the message.
        let deadline = Date().addingTimeInterval(10)
        while client.statistics.messagesOut < 2, Date() < deadline { usleep(10_000) }
        let statistics = client.statistics
        #expect(statistics.connects == 1)
        #expect(statistics.messagesOut >= 2)
        #expect(client.stop().finished)
    }

    @Test("an orderly stop publishes offline itself, waits for the broker to take it, then DISCONNECTs (no will)")
    func orderlyStop() throws {
        let broker = try TestBroker()
        let client = try ClientHarness(try .test(broker.url))
        client.start()
        #expect(client.waitForConnection())
        let observer = try Observer(port: broker.port, topics: ["node/status"])
        #expect(observer.wait(for: 1, of: "node/status") == ["1 online"], "the retained status, on subscribing")
        let (finished, took) = client.stop()
        #expect(finished)
        #expect(took < .seconds(1), "bounded by the grace period; here the broker answers at once")
        print("orderly stop: offline acknowledged and DISCONNECT sent in \(took)")
        #expect(observer.wait(for: 2, of: "node/status") == ["1 online", "1 offline"])
        #expect(try Tools.waitForRetained(port: broker.port, topic: "node/status", "offline"))
        // DISCONNECT suppresses the will: no second offline, and the broker saw the DISCONNECT.
        #expect(!observer.wait(timeout: 0.3) { lines in lines.filter { $0.hasSuffix("offline") }.count > 1 })
        #expect(broker.log.contains("Received DISCONNECT from gpioagg-node-test"))
        #expect(client.statistics.disconnects == 1)
    }

    @Test("a stop whose offline the broker does not take within the grace period closes without DISCONNECT: the will says it")
    func stopDeadline() throws {
        let broker = try TestBroker()
        var configuration = try MQTTClient.Configuration.test(broker.url)
        configuration.stopGracePeriod = .milliseconds(300)
        let client = try ClientHarness(configuration)
        client.start()
        #expect(client.waitForConnection())
        broker.freeze()
        let (finished, took) = client.stop()
        broker.thaw()
        #expect(finished)
        #expect(took >= .milliseconds(300) && took < .seconds(1), "\(took)")
        #expect(client.logs.withLockedValue { entries in
            entries.contains { $0.message == "the broker did not take 'offline' within 0.3 s; closing (the will says it)" }
        }, "\(client.logText)")
        let observer = try Observer(port: broker.port, topics: ["node/status"])
        #expect(observer.wait { $0.last == "1 node/status offline" }, "the retained offline, published or the will")
        #expect(!broker.log.contains("Received DISCONNECT from gpioagg-node-test"))
    }

    @Test("a client gone without DISCONNECT (as when its process dies): the broker publishes the will, offline, retained")
    func will() throws {
        let broker = try TestBroker()
        let client = try ClientHarness(try .test(broker.url))
        client.start()
        #expect(client.waitForConnection())
        let observer = try Observer(port: broker.port, topics: ["node/status"])
        #expect(observer.wait(for: 1, of: "node/status") == ["1 online"])
        // The socket is closed as the kernel closes a dead process's: no DISCONNECT. The
        // observer, started after the client connected, must not have inherited it.
        client.abandon()
        #expect(observer.wait(for: 2, of: "node/status") == ["1 online", "1 offline"])
        #expect(try Tools.waitForRetained(port: broker.port, topic: "node/status", "offline"))
        #expect(!broker.log.contains("Received DISCONNECT from gpioagg-node-test"))
    }
}

@Suite("The client against a broker that speaks MQTT 3.1.1 only", .serialized,
       .enabled(if: Tools.haveBroker, Comment(rawValue: Tools.noBroker)), .tags(.broker))
struct ProtocolFallbackTests {
    @Test("refused MQTT 5 with 3.1.1's CONNACK: the client says so, connects with 3.1.1, and publishes and receives")
    func fallback() throws {
        let broker = try TestBroker()
        let gate = try ProtocolGate(target: broker.port)
        defer { gate.stop() }
        let client = try ClientHarness(try .test(gate.url))
        client.start()
        #expect(client.waitForConnection())
        #expect(client.run { $0.protocolVersion } == .v311)
        #expect(gate.refusedConnects == 1, "one MQTT 5 CONNECT, refused")
        #expect(gate.passedConnects == 1)
        #expect(client.logs.withLockedValue { $0.contains {
            $0.level == .warning && $0.message.hasPrefix("\(gate.url) refused MQTT 5; using MQTT 3.1.1")
        } }, "\(client.logText)")
        #expect(broker.log.contains("as gpioagg-node-test (p2, c1, k30)"), "p2: mosquitto's number for MQTT 3.1.1 (p5 for 5)")
        #expect(try Tools.waitForRetained(port: broker.port, topic: "node/status", "online"))

        try client.run { try $0.subscribe("node/in") }
        try Tools.publish(port: broker.port, topic: "node/in", payload: "hello")
        #expect(client.waitForMessage { $0.topic == "node/in" && $0.payload == Array("hello".utf8) } != nil)
        #expect(client.stop().finished)
        #expect(try Tools.waitForRetained(port: broker.port, topic: "node/status", "offline"))
    }
}

import MosquittoTesting
import Foundation
import Logging
@testable import MQTT
import Testing

@Suite("The client against a real broker: subscriptions, reconnects, queues", .serialized,
       .enabled(if: Tools.haveBroker, Comment(rawValue: Tools.noBroker)), .tags(.broker))
struct BrokerMessagingTests {
    private func text(_ message: MQTTMessage?) -> String? {
        message.map { String(decoding: $0.payload, as: UTF8.self) }
    }

    @Test("subscriptions deliver on the loop with the retained flag: a stored command is marked, a live one not")
    func subscriptionDelivery() throws {
        let broker = try TestBroker()
        try Tools.publish(port: broker.port, topic: "node/lamp/set", payload: "stale", retained: true)
        let client = try ClientHarness(try .test(broker.url))
        try client.run { try $0.subscribe("node/+/set") }
        client.start()
        #expect(client.waitForConnection())
        let stale = client.waitForMessage { $0.topic == "node/lamp/set" }
        #expect(text(stale) == "stale")
        #expect(stale?.retained == true)
        try Tools.publish(port: broker.port, topic: "node/lamp/set", payload: "ON")
        let live = client.waitForMessage { self.text($0) == "ON" }
        #expect(live?.retained == false)
        #expect(live?.qos == .atLeastOnce)
        #expect(client.statistics.messagesIn == 2)
        client.run { $0.unsubscribe("node/+/set") }
        try Tools.publish(port: broker.port, topic: "node/lamp/set", payload: "OFF")
        // An echo through a second subscription shows the broker has handled everything before it.
        try client.run { try $0.subscribe("node/echo") }
        try Tools.publish(port: broker.port, topic: "node/echo", payload: "after")
        #expect(client.waitForMessage { $0.topic == "node/echo" } != nil)
        #expect(client.messages.withLockedValue { $0.map { String(decoding: $0.payload, as: UTF8.self) } }
            == ["stale", "ON", "after"], "nothing after unsubscribing")
        #expect(client.stop().finished)
    }

    @Test("a broker restart: reconnect after the backoff, resubscribe, republish only the latest retained values")
    func brokerRestart() throws {
        let broker = try TestBroker()
        let client = try ClientHarness(try .test(broker.url))
        try client.run { try $0.subscribe("node/cmd") }
        client.start()
        #expect(client.waitForConnection())
        broker.stop()
        #expect(client.waitForLog { $0.message.contains("disconnected from") } != nil)
        #expect(!client.isConnected)
        try client.run { client in
            for value in ["1", "2", "3"] {
                try client.publish("node/state", payload: Array(value.utf8), retained: true)
            }
            try client.publish("node/other", payload: Array("x".utf8), retained: true)
            try client.publish("node/event", payload: Array("pressed".utf8), retained: false)
        }
        #expect(client.statistics.queued == 3)
        let offlineFor = Date()
        try broker.start()
        let observer = try Observer(port: broker.port, topics: ["node/#"])
        #expect(client.waitForConnection(timeout: .seconds(5)))
        #expect(Date().timeIntervalSince(offlineFor) < 3, "the first backoff is 1 s")
        print("reconnected \(Date().timeIntervalSince(offlineFor)) s after the broker came back")
        #expect(observer.wait(for: 1, of: "node/event") == ["0 pressed"])
        #expect(observer.lines == ["1 node/status online", "1 node/state 3", "1 node/other x", "0 node/event pressed"],
                "status first; the latest value only; retained values before events")
        try Tools.publish(port: broker.port, topic: "node/cmd", payload: "again")
        #expect(client.waitForMessage { $0.topic == "node/cmd" } != nil, "resubscribed")
        let statistics = client.statistics
        #expect(statistics.connects == 2)
        #expect(statistics.disconnects == 1)
        #expect(statistics.queued == 0)
        #expect(client.logs.withLockedValue { entries in
            entries.contains { $0.level == .warning && $0.message.hasSuffix("connecting again in 1 s")
                && $0.message.hasPrefix("disconnected from mqtt://127.0.0.1:\(broker.port): ") }
        }, "\(client.logText)")
        #expect(client.stop().finished)
    }

    @Test("a broker restarted four times, the client connected long enough in between to count as stable: each time it is back within about a second, the backoff never grows")
    func flappingBroker() throws {
        let broker = try TestBroker()
        // The random draw is the upper bound: a backoff that grew would wait 2, 4, 8 s.
        let client = try ClientHarness(try .test(broker.url), random: { $0 })
        client.start()
        #expect(client.waitForConnection())
        var waits: [TimeInterval] = []
        for _ in 0..<4 {
            // A connection this long resets the backoff: waited for on the client's own clock.
            #expect(client.waitForStableConnection(MQTTConnectionStateMachine.stableConnection))
            broker.stop()
            try broker.start()
            let back = Date()
            #expect(client.waitForConnection(timeout: .seconds(10)))
            waits.append(Date().timeIntervalSince(back))
        }
        print("reconnected after the broker came back: \(waits.map { String(format: "%.1f s", $0) })")
        #expect(waits.allSatisfy { $0 < 3 }, "the first backoff is 1 s (and 2 s after one refused attempt): \(waits)")
        #expect(client.stop().finished)
    }

    @Test("while offline, events wait in a bounded FIFO: the oldest are dropped and counted, the rest sent in order")
    func boundedEvents() throws {
        let broker = try TestBroker()
        var configuration = try MQTTClient.Configuration.test(broker.url)
        configuration.eventQueueLimit = 4
        let client = try ClientHarness(configuration)
        try client.run { client in
            for index in 0..<10 {
                try client.publish("node/event", payload: Array("e\(index)".utf8), qos: .atMostOnce, retained: false)
            }
        }
        #expect(client.statistics.droppedEvents == 6)
        #expect(client.statistics.queued == 4)
        let observer = try Observer(port: broker.port, topics: ["node/event"])
        client.start()
        #expect(client.waitForConnection())
        #expect(observer.wait(for: 4, of: "node/event") == ["0 e6", "0 e7", "0 e8", "0 e9"])
        #expect(client.statistics.droppedEvents == 6)
        #expect(client.stop().finished)
    }

    @Test("publishing faster than the broker acknowledges keeps at most inFlightLimit in libmosquitto; all arrive, in order")
    func inFlightLimit() throws {
        let broker = try TestBroker()
        var configuration = try MQTTClient.Configuration.test(broker.url)
        configuration.inFlightLimit = 2
        let client = try ClientHarness(configuration)
        client.start()
        #expect(client.waitForConnection())
        let observer = try Observer(port: broker.port, topics: ["node/n"])
        let highest = try client.run { client -> Int in
            for index in 0..<50 {
                try client.publish("node/n", payload: Array("\(index)".utf8), retained: false)
            }
            return client.statistics.inFlight
        }
        #expect(highest == 2)
        let lines = observer.wait(for: 50, of: "node/n")
        #expect(lines == (0..<50).map { "0 \($0)" })
        let deadline = Date().addingTimeInterval(5)
        while client.receipts.withLockedValue({ $0.count }) < 50 && Date() < deadline { usleep(10_000) }
        let receipts = client.receipts.withLockedValue { $0 }
        #expect(receipts.count == 50)
        #expect(receipts.allSatisfy { $0.completedAt >= $0.queuedAt && $0.qos == .atLeastOnce })
        #expect(client.stop().finished)
    }

    @Test("topics MQTT does not allow are refused with the reason")
    func invalidTopics() throws {
        let broker = try TestBroker()
        let client = try ClientHarness(try .test(broker.url))
        try client.run { client in
            #expect(throws: MQTTError.self) { try client.publish("node/+/state", payload: [], retained: true) }
            #expect(throws: MQTTError.self) { try client.publish("", payload: [], retained: true) }
            #expect(throws: MQTTError.self) { try client.subscribe("node/#/set") }
            #expect(throws: MQTTError.self) { try client.subscribe("") }
            do {
                try client.subscribe("node/a+")
                Issue.record("node/a+ was accepted")
            } catch let error as MQTTError {
                #expect(error.kind == .invalidTopic)
                #expect("\(error)".contains("'node/a+'"))
            }
        }
    }
}

import Foundation
import Logging
import MosquittoTesting
@testable import MQTT
import Testing
import TestSupport

/// Messages larger than the client takes: an MQTT 5 broker is told the maximum and never
/// sends them; over MQTT 3.1.1 they are refused before any copy, and logged once per topic.
@Suite("The client against a real broker: messages larger than it takes", .serialized,
       .enabled(if: Tools.haveBroker, Comment(rawValue: Tools.noBroker)), .tags(.broker))
struct BrokerMessageSizeTests {
    /// Publishes `bytes` zero bytes on `topic` from a file (the command line holds no MiB).
    static func publishLarge(port: UInt16, topic: String, bytes: Int, retained: Bool,
                             in directory: TemporaryDirectory) throws {
        let path = directory.file("payload-\(bytes)")
        if !FileManager.default.fileExists(atPath: path) {
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.truncate(atOffset: UInt64(bytes))
            try handle.close()
        }
        try Tools.run(Tools.mosquittoPub!, ["-h", "127.0.0.1", "-p", "\(port)", "-t", topic, "-q", "1", "-f", path]
                      + (retained ? ["-r"] : []), limit: 60)
    }

    static func configuration(_ url: String) throws -> MQTTClient.Configuration {
        var configuration = try MQTTClient.Configuration.test(url)
        configuration.maximumMessageSize = MessageSize(bytes: 64 * 1024)
        return configuration
    }

    @Test("MQTT 5: CONNECT says the maximum, the broker drops a larger message for this client, smaller ones still come")
    func brokerDropsWhatIsTooLarge() throws {
        let broker = try TestBroker()
        try Self.publishLarge(port: broker.port, topic: "node/big", bytes: 1 << 20, retained: true, in: broker.directory)
        let client = try ClientHarness(try Self.configuration(broker.url))
        try client.run { client in
            try client.subscribe("node/big")
            try client.subscribe("node/small")
        }
        client.start()
        #expect(client.waitForConnection())
        // A message just under the bound (topic and payload) comes; the live large one does not.
        try Self.publishLarge(port: broker.port, topic: "node/small", bytes: 64 * 1024 - 10, retained: false,
                              in: broker.directory)
        try Self.publishLarge(port: broker.port, topic: "node/big", bytes: 1 << 20, retained: false, in: broker.directory)
        try Tools.publish(port: broker.port, topic: "node/small", payload: "after")
        #expect(client.waitForMessage { $0.payload == Array("after".utf8) } != nil)
        let received = client.messages.withLockedValue { $0.map { "\($0.topic) \($0.payload.count)" } }
        #expect(received == ["node/small \(64 * 1024 - 10)", "node/small 5"])
        #expect(broker.log.components(separatedBy: "Dropping too large outgoing PUBLISH for gpioagg-node-test").count - 1 == 2,
                "the broker dropped the retained and the live one: \(broker.log.suffix(2000))")
        #expect(client.statistics.refusedMessages == 0, "none reached the client")
        #expect(client.stop().finished)
    }

    @Test("MQTT 3.1.1 (no maximum in CONNECT): a larger message is refused before it is copied, counted, and logged once per topic")
    func clientRefusesWhatIsTooLarge() throws {
        let broker = try TestBroker()
        let gate = try ProtocolGate(target: broker.port)
        defer { gate.stop() }
        try Self.publishLarge(port: broker.port, topic: "node/big", bytes: 1 << 20, retained: true, in: broker.directory)
        let client = try ClientHarness(try Self.configuration(gate.url))
        try client.run { client in
            try client.subscribe("node/big")
            try client.subscribe("node/small")
        }
        client.start()
        #expect(client.waitForConnection())
        #expect(client.run { $0.protocolVersion } == .v311)
        try Self.publishLarge(port: broker.port, topic: "node/big", bytes: 1 << 20, retained: false, in: broker.directory)
        try Tools.publish(port: broker.port, topic: "node/small", payload: "after")
        #expect(client.waitForMessage { $0.payload == Array("after".utf8) } != nil)
        #expect(client.messages.withLockedValue { $0.map(\.topic) } == ["node/small"])
        #expect(client.statistics.refusedMessages == 2, "the retained one and the live one")
        let refusals = client.logs.withLockedValue { $0.filter { $0.message.hasPrefix("ignoring a message") } }
        #expect(refusals.map(\.message) == [
            "ignoring a message of \((1 << 20) + 8) bytes on node/big: larger than the 64 KiB taken "
                + "(max_message_size under mqtt:); said once per topic",
        ], "\(client.logText)")
        #expect(refusals.first?.level == .warning)
        #expect(client.logs.withLockedValue { $0.contains { $0.message.contains("message_size_limit") } },
                "the fallback says the broker must bound it: \(client.logText)")
        #expect(client.stop().finished)
    }
}

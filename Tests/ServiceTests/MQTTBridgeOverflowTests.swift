import Config
import MQTTEmbedded
import Service
import Testing
import Values

/// Remote numbers past what a double holds, on the MQTT bridge in virtual time: what is
/// published is a number or nothing (with the entity offline), never `inf`, `-inf` or
/// `nan`, whatever the graph computes from them.
@Suite("The MQTT bridge with numbers that overflow, in virtual time")
struct MQTTBridgeOverflowTests {
    typealias Rig = MQTTBridgeTests.Rig

    static let config = """
        inputs:
          up: { topic: meters/up, type: number }
          down: { topic: meters/down, type: number }
          raw: { topic: meters/raw, type: number, filters: [ { moving_average: 2 } ] }
        signals:
          total: { sum: [up, down] }
          spread: { difference: [up, down] }
          level: { mean: [total, spread] }
        """

    static let notNumbers = ["inf", "-inf", "nan", "+inf", "infinity"]

    func published(_ rig: Rig, _ topic: String) -> [String] {
        rig.transport.published.filter { $0.topic == topic }.map { String(decoding: $0.payload, as: UTF8.self) }
    }

    func value(_ rig: Rig, _ name: String) -> NodeValue? {
        rig.daemon.daemon.engine.snapshot().value(named: name)?.value
    }

    @Test("1.7e308 on two remote inputs: their sum and difference go offline, and inf and -inf are never published")
    func sumAndDifference() throws {
        let rig = try Rig(Self.config)
        rig.connect()
        rig.publish("meters/up", "1")
        rig.publish("meters/down", "2")
        #expect(rig.transport.retainedText("gpioagg/garage/total") == "3.00")
        #expect(rig.transport.retainedText("gpioagg/garage/level") == "1.00", "the mean of 3 and -1")
        rig.publish("meters/up", "1.7e308")
        rig.publish("meters/down", "-1.7e308")
        #expect(value(rig, "total") == .number(0, .none))
        #expect(value(rig, "spread") == .unavailable)
        #expect(rig.transport.retainedText("gpioagg/garage/spread/available") == "offline")
        rig.publish("meters/down", "1.7e308")
        #expect(value(rig, "total") == .unavailable)
        #expect(rig.transport.retainedText("gpioagg/garage/total/available") == "offline")
        #expect(rig.transport.retainedText("gpioagg/garage/level") == "0.00", "the mean of what is a number: spread's 0")
        for topic in ["gpioagg/garage/total", "gpioagg/garage/spread", "gpioagg/garage/level"] {
            let payloads = published(rig, topic)
            #expect(!payloads.contains { Self.notNumbers.contains($0.lowercased()) }, "\(topic): \(payloads)")
        }
    }

    @Test("moving_average: 2 fed 1.7e308 then 1.6e308 over MQTT publishes their mean, not inf")
    func movingAverage() throws {
        let rig = try Rig(Self.config)
        rig.connect()
        rig.publish("meters/raw", "1.7e308")
        rig.publish("meters/raw", "1.6e308")
        let payloads = published(rig, "gpioagg/garage/raw")
        #expect(payloads.count == 2, "\(payloads)")
        let last = try #require(payloads.last.flatMap(Double.init))
        #expect(last.isFinite && abs(last - 1.65e308) <= 1e293, "\(payloads)")
        #expect(rig.transport.retainedText("gpioagg/garage/raw/available") == "online")
    }
}

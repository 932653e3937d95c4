import MosquittoTesting
import Foundation
import Logging
@testable import MQTT
import Testing

@Suite("The client against a real broker: host names, duplicate client ids", .serialized,
       .enabled(if: Tools.haveBroker, Comment(rawValue: Tools.noBroker)), .tags(.broker))
struct BrokerClientIDTests {
    @Test("a host name is looked up off the loop and connected to by address")
    func hostName() throws {
        let broker = try TestBroker()
        let client = try ClientHarness(try .test("mqtt://localhost:\(broker.port)"), logLevel: .debug)
        client.start()
        #expect(client.waitForConnection())
        #expect(client.logs.withLockedValue { entries in
            entries.contains { $0.message == "connecting to mqtt://localhost:\(broker.port) (127.0.0.1) as gpioagg-node-test (MQTT 5)" }
        }, "\(client.logText)")
        #expect(client.stop().finished)
    }

    @Test("a host name that does not resolve: the failure is logged and tried again after the backoff")
    func unresolvable() throws {
        let client = try ClientHarness(try .test("mqtt://gpioagg-test.invalid"))
        client.start()
        let failure = client.waitForLog { $0.message.contains("cannot connect") }
        #expect(failure?.message.hasPrefix("cannot connect to mqtt://gpioagg-test.invalid: cannot look up gpioagg-test.invalid: ")
            == true, "\(client.logText)")
        #expect(failure?.message.hasSuffix("connecting again in 1 s") == true)
        #expect(client.stop().finished)
    }

    @Test("nobody listening: each attempt fails at once and the backoff grows with the injected random source")
    func refusedPort() throws {
        let port = try TestBroker.freePort()
        let client = try ClientHarness(try .test("mqtt://127.0.0.1:\(port)"), random: { $0 / 2 })
        client.start()
        #expect(client.waitForLog(timeout: 4) { $0.message.hasSuffix("connecting again in 1 s") } != nil,
                "\(client.logText)")
        let second = client.waitForLog(timeout: 4) { $0.message.hasSuffix("connecting again in 2 s") }
        #expect(second?.message.contains("Connection refused") == true, "\(client.logText)")
        #expect(client.statistics.failedAttempts >= 3)
        #expect(client.stop().finished)
    }

    @Test("two clients with one id push each other off: three quick drops within a minute are reported")
    func duplicateClientID() throws {
        let broker = try TestBroker()
        let first = try ClientHarness(try .test(broker.url))
        let second = try ClientHarness(try .test(broker.url))
        first.start()
        #expect(first.waitForConnection())
        second.start()
        let report = first.waitForLog(timeout: 8) { $0.level == .error }
        #expect(report?.message == "the broker dropped 3 connections within seconds of accepting them, within a minute: "
            + "another client probably uses the client id gpioagg-node-test", "\(first.logText)")
        // mosquitto 2.0.11 closes the older connection without a word; later 2.0 releases
        // send DISCONNECT with "session taken over", which the log names as well.
        #expect(first.logs.withLockedValue { entries in
            entries.contains { $0.message.contains("disconnected from") }
        })
        _ = first.stop()
        _ = second.stop()
    }
}

import LoopEmbedded
import MQTTCore
import MQTTEmbedded
import Testing

/// The transport's twin keeps `MQTTClient`'s contract, so that what the bridge's tests
/// show on it holds on a real broker.
@Suite("EmbeddedMQTTTransport")
struct EmbeddedMQTTTransportTests {
    final class Heard {
        var events: [String] = []
    }

    static func transport(on loop: EmbeddedEventLoop, heard: Heard) -> EmbeddedMQTTTransport {
        let transport = EmbeddedMQTTTransport(loop: loop, statusTopic: "n/status")
        transport.onConnected = { heard.events.append("connected") }
        transport.onDisconnected = { heard.events.append("disconnected: \($0)") }
        transport.onMessage = { message in
            heard.events.append("\(message.topic) \(String(decoding: message.payload, as: UTF8.self))"
                + (message.retained ? " (retained)" : ""))
        }
        return transport
    }

    @Test("offline, the latest retained value per topic and the events wait; on connect: online, what waited, then onConnected, then the retained values subscribed to")
    func connectOrder() throws {
        let loop = EmbeddedEventLoop()
        let heard = Heard()
        let transport = Self.transport(on: loop, heard: heard)
        transport.publishFromAnotherClient("n/cmd", "OLD", retained: true)
        try transport.subscribe("n/cmd")
        transport.start()
        try transport.publish("n/a", payload: Array("ON".utf8), retained: true)
        try transport.publish("n/click", payload: Array("1".utf8), retained: false)
        try transport.publish("n/a", payload: Array("OFF".utf8), retained: true)
        #expect(transport.published.isEmpty && transport.statistics.queued == 2)
        transport.acceptConnection()
        #expect(transport.publishedTopics == ["n/status", "n/a", "n/click"])
        #expect(transport.retainedText("n/a") == "OFF")
        #expect(heard.events == ["connected"], "a retained value comes on the loop, after onConnected")
        loop.run()
        #expect(heard.events == ["connected", "n/cmd OLD (retained)"])
        transport.publishFromAnotherClient("n/cmd", "NEW")
        #expect(heard.events.count == 2, "never within the publisher's call")
        loop.run()
        #expect(heard.events.last == "n/cmd NEW")
        #expect(transport.statistics.messagesIn == 2 && transport.statistics.messagesOut == 3)
    }

    @Test("a lost connection: the will says offline; an empty retained payload clears its topic; a stop says offline and completes on the loop")
    func willRemovalAndStop() throws {
        let loop = EmbeddedEventLoop()
        let heard = Heard()
        let transport = Self.transport(on: loop, heard: heard)
        transport.start()
        transport.acceptConnection()
        try transport.publish("n/a", payload: Array("ON".utf8), retained: true)
        transport.dropConnection(reason: "gone")
        #expect(transport.retainedText("n/status") == "offline")
        #expect(heard.events == ["connected", "disconnected: gone"])
        try transport.publish("n/a", payload: [], retained: true)
        #expect(transport.retainedText("n/a") == "ON", "the removal waits for the connection")
        transport.acceptConnection()
        #expect(transport.retainedText("n/a") == nil)
        var completed = false
        transport.stop { completed = true }
        #expect(transport.retainedText("n/status") == "offline" && !transport.isConnected)
        #expect(!completed)
        loop.run()
        #expect(completed)
    }

    @Test("a filter with a wildcard, or an empty topic, is refused: the twin matches exact topics")
    func exactTopicsOnly() {
        let loop = EmbeddedEventLoop()
        let transport = EmbeddedMQTTTransport(loop: loop, statusTopic: "n/status")
        #expect(throws: MQTTError.self) { try transport.subscribe("n/+/set") }
        #expect(throws: MQTTError.self) { try transport.publish("", payload: [], retained: false) }
        #expect(transport.subscriptions.isEmpty)
    }

    @Test("without recordsPublished the broker keeps its retained messages and delivers, and published stays empty")
    func notRecording() throws {
        let loop = EmbeddedEventLoop()
        let heard = Heard()
        let transport = Self.transport(on: loop, heard: heard)
        transport.recordsPublished = false
        try transport.subscribe("n/a")
        transport.start()
        transport.acceptConnection()
        try transport.publish("n/a", payload: Array("ON".utf8), retained: true)
        loop.run()
        #expect(transport.published.isEmpty)
        #expect(transport.retainedText("n/status") == "online")
        #expect(transport.retainedText("n/a") == "ON")
        #expect(heard.events == ["connected", "n/a ON"])
        #expect(transport.statistics.messagesOut == 2)
    }
}

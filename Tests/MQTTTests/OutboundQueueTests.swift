import MQTT
import Testing

@Suite("The offline queue: latest retained value per topic, bounded FIFO of events")
struct OutboundQueueTests {
    private func message(_ topic: String, _ payload: String, retained: Bool, at time: UInt64 = 0) -> OutgoingMessage {
        OutgoingMessage(topic: topic, payload: Array(payload.utf8), qos: .atLeastOnce, retained: retained, queuedAt: time)
    }

    private func drain(_ queue: inout OutboundQueue) -> [String] {
        var out: [String] = []
        while let next = queue.next() { out.append("\(next.topic)=\(String(decoding: next.payload, as: UTF8.self))") }
        return out
    }

    @Test("retained values coalesce per topic, in the order topics were first queued, before the events")
    func coalescing() {
        var queue = OutboundQueue(eventLimit: 8)
        queue.enqueue(message("a", "1", retained: true))
        queue.enqueue(message("e", "x", retained: false))
        queue.enqueue(message("b", "1", retained: true))
        queue.enqueue(message("a", "2", retained: true))
        queue.enqueue(message("a", "3", retained: true))
        queue.enqueue(message("e", "y", retained: false))
        #expect(queue.count == 4)
        #expect(drain(&queue) == ["a=3", "b=1", "e=x", "e=y"])
        #expect(queue.isEmpty)
        queue.enqueue(message("a", "4", retained: true))
        #expect(drain(&queue) == ["a=4"], "a topic handed out can wait again")
    }

    @Test("a full FIFO drops the oldest event and counts it")
    func bounded() {
        var queue = OutboundQueue(eventLimit: 3)
        for index in 0..<10 { queue.enqueue(message("e", "\(index)", retained: false)) }
        #expect(queue.droppedEvents == 7)
        #expect(queue.eventCount == 3)
        #expect(drain(&queue) == ["e=7", "e=8", "e=9"])
        for index in 0..<1000 { queue.enqueue(message("e", "\(index)", retained: false)) }
        #expect(drain(&queue) == ["e=997", "e=998", "e=999"])
    }

    @Test("retained topics are bounded too: past the limit new topics are dropped and counted")
    func topicLimit() {
        var queue = OutboundQueue(eventLimit: 2, retainedTopicLimit: 2)
        queue.enqueue(message("a", "1", retained: true))
        queue.enqueue(message("b", "1", retained: true))
        queue.enqueue(message("c", "1", retained: true))
        queue.enqueue(message("a", "2", retained: true))
        #expect(queue.droppedRetained == 1)
        #expect(drain(&queue) == ["a=2", "b=1"])
    }

    @Test("unconfirmed messages go back before what waits; a retained one only if no newer value waits")
    func putBack() {
        var queue = OutboundQueue(eventLimit: 3)
        queue.enqueue(message("a", "new", retained: true))
        queue.enqueue(message("e", "3", retained: false))
        queue.putBack([message("a", "old", retained: true), message("b", "old", retained: true),
                       message("e", "1", retained: false), message("e", "2", retained: false)])
        #expect(drain(&queue) == ["b=old", "a=new", "e=1", "e=2", "e=3"])
        queue.enqueue(message("e", "5", retained: false))
        queue.enqueue(message("e", "6", retained: false))
        queue.putBack([message("e", "3", retained: false), message("e", "4", retained: false)])
        #expect(queue.droppedEvents == 1)
        #expect(drain(&queue) == ["e=4", "e=5", "e=6"])
    }

    @Test("a removal (empty retained) replaces the value waiting for its topic and goes behind the values waiting, in the order removals were made")
    func removals() {
        var queue = OutboundQueue(eventLimit: 4)
        queue.enqueue(message("node/door", "ON", retained: true))
        queue.enqueue(message("node/fan", "ON", retained: true))
        queue.enqueue(message("ha/door/config", "{}", retained: true))
        // A reload drops door while offline: its config, then its state, are cleared.
        queue.enqueue(message("ha/door/config", "", retained: true))
        queue.enqueue(message("node/door", "", retained: true))
        queue.enqueue(message("e", "x", retained: false))
        #expect(queue.count == 4)
        #expect(drain(&queue) == ["node/fan=ON", "ha/door/config=", "node/door=", "e=x"])

        // Unconfirmed values handed out before the removal do not come back over it.
        queue.enqueue(message("node/door", "", retained: true))
        queue.putBack([message("node/door", "ON", retained: true)])
        #expect(drain(&queue) == ["node/door="])

        // A later value of the topic (the entity is back) replaces the removal in its place.
        queue.enqueue(message("node/door", "", retained: true))
        queue.enqueue(message("node/fan", "OFF", retained: true))
        queue.enqueue(message("node/door", "OFF", retained: true))
        #expect(drain(&queue) == ["node/door=OFF", "node/fan=OFF"])
    }

    @Test("removals are never dropped for the topic limit")
    func removalsPastTheLimit() {
        var queue = OutboundQueue(eventLimit: 2, retainedTopicLimit: 2)
        queue.enqueue(message("a", "1", retained: true))
        queue.enqueue(message("b", "1", retained: true))
        queue.enqueue(message("c", "", retained: true))
        queue.enqueue(message("d", "1", retained: true))
        #expect(queue.droppedRetained == 1, "d: a value past the limit")
        #expect(drain(&queue) == ["a=1", "b=1", "c="])
    }
}

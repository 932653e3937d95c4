/// What waits to be published while the client cannot send: offline, or with as many
/// messages in flight as it allows. Its size is bounded, unlike libmosquitto's own
/// queue, which keeps every QoS 1 message handed to it while disconnected:
///
/// - retained messages (states) coalesce per topic: only the latest value of each topic
///   waits, so the table never outgrows the number of topics (`retainedTopicLimit`
///   guards against a caller with unbounded topics; past it new topics are dropped and
///   counted);
/// - other messages (events) wait in a FIFO of at most `eventLimit`; when it is full
///   the oldest is dropped and counted in `droppedEvents`.
///
/// `next()` hands out the retained values first (in the order their topics were first
/// queued), then the events in order.
///
/// A removal (an empty retained payload: the broker forgets the topic's value) replaces
/// whatever waits for its topic and goes behind every retained value waiting, so that
/// removals keep the order they were made in (a discovery config cleared before its
/// state); it is never dropped for the topic limit: a stale value it would have cleared
/// would stay on the broker for good.
///
/// ```swift
/// var queue = OutboundQueue(eventLimit: 256)
/// queue.enqueue(OutgoingMessage(topic: "a/state", payload: Array("ON".utf8), qos: .atLeastOnce, retained: true, queuedAt: 0))
/// queue.enqueue(OutgoingMessage(topic: "a/state", payload: Array("OFF".utf8), qos: .atLeastOnce, retained: true, queuedAt: 1))
/// queue.next()?.payload   // "OFF": the latest only
/// ```
public struct OutboundQueue: Sendable {
    public let eventLimit: Int
    public let retainedTopicLimit: Int

    /// Topics in the order to send them, each with the slot it was given: an entry whose
    /// slot is no longer its topic's (the topic moved behind, or was sent) is skipped.
    private var retainedOrder: [(topic: String, slot: Int)] = []
    private var retainedHead = 0
    private var retained: [String: (message: OutgoingMessage, slot: Int)] = [:]
    private var nextSlot = 0
    private var events: [OutgoingMessage] = []
    private var eventHead = 0

    /// Events dropped because the FIFO was full (the oldest went).
    public private(set) var droppedEvents = 0
    /// Retained messages dropped because `retainedTopicLimit` topics were waiting.
    public private(set) var droppedRetained = 0

    public init(eventLimit: Int = 256, retainedTopicLimit: Int = 4096) {
        precondition(eventLimit > 0 && retainedTopicLimit > 0, "OutboundQueue: limits must be positive")
        self.eventLimit = eventLimit
        self.retainedTopicLimit = retainedTopicLimit
    }

    public var isEmpty: Bool { retained.isEmpty && eventCount == 0 }
    public var retainedCount: Int { retained.count }
    public var eventCount: Int { events.count - eventHead }
    public var count: Int { retainedCount + eventCount }

    public mutating func enqueue(_ message: OutgoingMessage) {
        if message.retained {
            let removal = message.payload.isEmpty
            if let waiting = retained[message.topic], !removal {
                retained[message.topic] = (message, waiting.slot)
                return
            }
            guard removal || retained.count < retainedTopicLimit else {
                droppedRetained += 1
                return
            }
            nextSlot += 1
            retainedOrder.append((message.topic, nextSlot))
            retained[message.topic] = (message, nextSlot)
        } else {
            if eventCount == eventLimit {
                eventHead += 1
                droppedEvents += 1
            }
            events.append(message)
            compact()
        }
    }

    /// Messages handed out and never confirmed, oldest first (the connection went before
    /// the broker acknowledged them): they go before what is waiting. A retained one is
    /// dropped when a newer value of its topic waits already; events beyond `eventLimit`
    /// drop the oldest.
    public mutating func putBack(_ messages: [OutgoingMessage]) {
        var returningEvents: [OutgoingMessage] = []
        var returningTopics: [(topic: String, slot: Int)] = []
        for message in messages {
            if message.retained {
                guard retained[message.topic] == nil else { continue }
                guard message.payload.isEmpty || retained.count < retainedTopicLimit else {
                    droppedRetained += 1
                    continue
                }
                nextSlot += 1
                retained[message.topic] = (message, nextSlot)
                returningTopics.append((message.topic, nextSlot))
            } else {
                returningEvents.append(message)
            }
        }
        if !returningTopics.isEmpty {
            retainedOrder = returningTopics + retainedOrder[retainedHead...]
            retainedHead = 0
        }
        if !returningEvents.isEmpty {
            var all = returningEvents + events[eventHead...]
            if all.count > eventLimit {
                droppedEvents += all.count - eventLimit
                all.removeFirst(all.count - eventLimit)
            }
            events = all
            eventHead = 0
        }
    }

    /// The next message to send, taken out of the queue.
    public mutating func next() -> OutgoingMessage? {
        while retainedHead < retainedOrder.count {
            let (topic, slot) = retainedOrder[retainedHead]
            retainedHead += 1
            if let waiting = retained[topic], waiting.slot == slot {
                retained[topic] = nil
                compact()
                return waiting.message
            }
        }
        guard eventHead < events.count else { return nil }
        let message = events[eventHead]
        eventHead += 1
        compact()
        return message
    }

    /// Drops the slots already handed out once they make up half of a storage.
    private mutating func compact() {
        if retainedHead > 32 && retainedHead * 2 > retainedOrder.count {
            retainedOrder.removeFirst(retainedHead)
            retainedHead = 0
        }
        if eventHead > 32 && eventHead * 2 > events.count {
            events.removeFirst(eventHead)
            eventHead = 0
        }
    }
}

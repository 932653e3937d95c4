import Foundation
import Locks
import TestSupport
import Logging
import Loop
@testable import MQTT

/// An `MQTTClient` on a `PosixEventLoop` of its own, as the daemon runs it, with what it
/// reports recorded for the test thread to wait on.
final class ClientHarness: @unchecked Sendable {
    /// The client, owned by the loop: dropped there too.
    private final class Holder {
        var client: MQTTClient?
    }

    let loop: PosixEventLoop
    private let holder: LoopBound<Holder>
    let logs = LockedValueBox<[LogEntry]>([])
    let messages = LockedValueBox<[MQTTMessage]>([])
    let receipts = LockedValueBox<[MQTTPublishReceipt]>([])
    let disconnects = LockedValueBox<[String]>([])
    /// When the client last went online, on the loop's clock.
    let connectedAt = LockedValueBox<UInt64?>(nil)
    private let connected = Semaphore()
    private let changed = NSCondition()

    init(_ configuration: MQTTClient.Configuration,
         random: @escaping ReconnectBackoff.RandomSource = { _ in 0 },
         logLevel: Logger.Level = .info,
         onConnected: (@Sendable (MQTTClient) -> Void)? = nil) throws {
        loop = try PosixEventLoop()
        let logs = logs, messages = messages, receipts = receipts, disconnects = disconnects
        let connected = connected, changed = changed, connectedAt = connectedAt
        let logger = Logger(label: "mqtt-test") { _ in
            RecordingLogHandler(entries: logs, logLevel: logLevel)
        }
        holder = loop.sync { [loop] in
            let client = MQTTClient(configuration: configuration, loop: loop, logger: logger, random: random)
            client.onConnected = { [unowned client, loop] in
                connectedAt.withLockedValue { $0 = loop.now }
                onConnected?(client)
                connected.signal()
            }
            client.onMessage = { [loop] message in
                precondition(loop.inEventLoop, "a message delivered off the loop's thread")
                messages.withLockedValue { $0.append(message) }
                changed.lock(); changed.broadcast(); changed.unlock()
            }
            client.onPublished = { receipt in receipts.withLockedValue { $0.append(receipt) } }
            client.onDisconnected = { reason in disconnects.withLockedValue { $0.append(reason) } }
            let holder = Holder()
            holder.client = client
            return LoopBound(holder, loop: loop)
        }
    }

    deinit {
        let holder = holder
        loop.sync { holder.value.client = nil }
        loop.stop()
    }

    /// Runs `body` with the client on the loop's thread.
    func run<Value>(_ body: (MQTTClient) throws -> Value) rethrows -> Value {
        try loop.sync { try body(holder.value.client!) }
    }

    func start() { run { $0.start() } }

    /// Waits for the next `onConnected`.
    func waitForConnection(timeout: Duration = .seconds(5)) -> Bool {
        connected.wait(timeout: timeout)
    }

    var isConnected: Bool { run { $0.isConnected } }

    /// Waits until the client has been online for `duration` on the loop's clock (the
    /// clock its connection state machine reads); false if it went offline first.
    func waitForStableConnection(_ duration: UInt64, timeout: TimeInterval = 30) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let (online, now) = run { ($0.isConnected, loop.now) }
            guard online, let since = connectedAt.withLockedValue({ $0 }) else { return false }
            if now &- since >= duration { return true }
            usleep(50_000)
        }
        return false
    }
    var statistics: MQTTStatistics { run { $0.statistics } }

    /// An orderly stop; whether it finished within `timeout`, and how long it took.
    func stop(timeout: Duration = .seconds(5)) -> (finished: Bool, took: Duration) {
        let done = Semaphore()
        let started = ContinuousClock.now
        run { $0.stop { done.signal() } }
        let finished = done.wait(timeout: timeout)
        return (finished, ContinuousClock.now - started)
    }

    /// Drops the client without a stop: its socket is closed without DISCONNECT, as the
    /// kernel closes a dead process's.
    func abandon() {
        let holder = holder
        let released = loop.sync {
            weak let client = holder.value.client
            holder.value.client = nil
            return client == nil
        }
        precondition(released, "the client is held elsewhere")
    }

    /// Waits for a message that `matches`.
    func waitForMessage(timeout: TimeInterval = 5, _ matches: (MQTTMessage) -> Bool) -> MQTTMessage? {
        let deadline = Date().addingTimeInterval(timeout)
        changed.lock()
        defer { changed.unlock() }
        while true {
            if let found = messages.withLockedValue({ $0.first(where: matches) }) { return found }
            if !changed.wait(until: deadline) { return messages.withLockedValue { $0.first(where: matches) } }
        }
    }

    /// Waits until a log entry satisfies `matches`.
    func waitForLog(timeout: TimeInterval = 5, _ matches: (LogEntry) -> Bool) -> LogEntry? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let found = logs.withLockedValue({ $0.first(where: matches) }) { return found }
            usleep(10_000)
        }
        return logs.withLockedValue { $0.first(where: matches) }
    }

    var logText: String { logs.withLockedValue { $0.map { "\($0.level): \($0.message)" }.joined(separator: "\n") } }
}

extension MQTTClient.Configuration {
    /// A client of `broker` whose status topic is `<name>/status`.
    static func test(_ broker: String, name: String = "node") throws -> MQTTClient.Configuration {
        var configuration = MQTTClient.Configuration(broker: try BrokerURL(parsing: broker), clientID: "gpioagg-\(name)-test",
                                                     statusTopic: "\(name)/status")
        configuration.connectTimeout = .seconds(3)
        return configuration
    }
}

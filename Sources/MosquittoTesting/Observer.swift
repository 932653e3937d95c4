import Foundation

/// `mosquitto_sub` in the background: every message on `topics` as one line,
/// "RETAIN TOPIC PAYLOAD", for a test to wait on. RETAIN is the flag as the publisher
/// set it (MQTT 5's retain-as-published): 1 for a retained message, live or stored.
public final class Observer: @unchecked Sendable {
    private let process: ChildProcess
    private let condition = NSCondition()
    private var partial = Data()
    private var received: [String] = []

    /// Returns once the broker delivers to it (a marker message shows it is subscribed).
    public init(port: UInt16, topics: [String] = ["#"]) throws {
        process = try ChildProcess(Tools.mosquittoSub!, ["-h", "127.0.0.1", "-p", "\(port)", "-q", "1", "-F", "%r %t %p",
                                                        "-V", "mqttv5", "--retain-as-published",
                                                        "-t", "observer/ready"] + topics.flatMap { ["-t", $0] },
                                   captureOutput: true)
        process.output!.readabilityHandler = { [weak self] handle in
            self?.append(handle.availableData)
        }
        let deadline = Date().addingTimeInterval(5)
        let ready: ([String]) -> Bool = { $0.contains { $0.hasSuffix("observer/ready go") } }
        while !wait(timeout: 0.1, until: ready) {
            guard Date() < deadline else { throw ToolFailure("mosquitto_sub did not subscribe") }
            try Tools.publish(port: port, topic: "observer/ready", payload: "go")
        }
        condition.lock()
        received.removeAll { $0.hasPrefix("0 observer/ready ") }
        condition.unlock()
    }

    deinit {
        process.output!.readabilityHandler = nil
        process.signal(SIGTERM)
        process.wait()
    }

    public var lines: [String] {
        condition.lock()
        defer { condition.unlock() }
        return received
    }

    /// The lines of `topic`: "RETAIN PAYLOAD".
    public func lines(of topic: String) -> [String] {
        lines.compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, parts[1] == topic else { return nil }
            return "\(parts[0]) \(parts[2])"
        }
    }

    /// Waits until `condition` holds of the lines received so far (or `timeout` passes).
    @discardableResult
    public func wait(timeout: TimeInterval = 5, until check: ([String]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !check(received) {
            if !condition.wait(until: deadline) { return check(received) }
        }
        return true
    }

    /// Waits for `count` lines of `topic`.
    @discardableResult
    public func wait(for count: Int, of topic: String, timeout: TimeInterval = 5) -> [String] {
        wait(timeout: timeout) { _ in self.linesUnlocked(of: topic).count >= count }
        return lines(of: topic)
    }

    private func linesUnlocked(of topic: String) -> [String] {
        received.compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, parts[1] == topic else { return nil }
            return "\(parts[0]) \(parts[2])"
        }
    }

    private func append(_ data: Data) {
        condition.lock()
        defer { condition.broadcast(); condition.unlock() }
        partial.append(data)
        while let newline = partial.firstIndex(of: UInt8(ascii: "\n")) {
            received.append(String(decoding: partial[partial.startIndex..<newline], as: UTF8.self))
            partial.removeSubrange(partial.startIndex...newline)
        }
    }
}

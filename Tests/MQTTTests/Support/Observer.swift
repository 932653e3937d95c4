import Foundation

/// `mosquitto_sub` in the background: every message on `topics` as one line,
/// "RETAIN TOPIC PAYLOAD" (RETAIN is 0 or 1), for a test to wait on.
final class Observer: @unchecked Sendable {
    private let process = Process()
    private let output = Pipe()
    private let condition = NSCondition()
    private var partial = Data()
    private var received: [String] = []

    /// Returns once the broker delivers to it (a marker message shows it is subscribed).
    init(port: UInt16, topics: [String] = ["#"]) throws {
        process.executableURL = URL(fileURLWithPath: Tools.mosquittoSub!)
        process.arguments = ["-h", "127.0.0.1", "-p", "\(port)", "-q", "1", "-F", "%r %t %p", "-t", "observer/ready"]
            + topics.flatMap { ["-t", $0] }
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            self?.append(handle.availableData)
        }
        try process.run()
        let deadline = Date().addingTimeInterval(5)
        let ready: ([String]) -> Bool = { $0.contains { $0.hasSuffix("observer/ready go") } }
        while !wait(timeout: 0.1, until: ready) {
            guard Date() < deadline else { throw ToolFailure("mosquitto_sub did not subscribe") }
            try Tools.publish(port: port, topic: "observer/ready", payload: "go")
        }
        condition.lock()
        received.removeAll()
        condition.unlock()
    }

    deinit {
        output.fileHandleForReading.readabilityHandler = nil
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    var lines: [String] {
        condition.lock()
        defer { condition.unlock() }
        return received
    }

    /// The lines of `topic`: "RETAIN PAYLOAD".
    func lines(of topic: String) -> [String] {
        lines.compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, parts[1] == topic else { return nil }
            return "\(parts[0]) \(parts[2])"
        }
    }

    /// Waits until `condition` holds of the lines received so far (or `timeout` passes).
    @discardableResult
    func wait(timeout: TimeInterval = 5, until check: ([String]) -> Bool) -> Bool {
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
    func wait(for count: Int, of topic: String, timeout: TimeInterval = 5) -> [String] {
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

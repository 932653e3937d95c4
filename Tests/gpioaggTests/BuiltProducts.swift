import Foundation
import Testing

/// Runs the executables this package builds, as a user would.
enum BuiltProducts {
    /// The folder holding the test bundle holds the executables too.
    static let directory: URL = {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("gpioagg").path),
              folder.path != "/" {
            folder = folder.deletingLastPathComponent()
        }
        return folder
    }()

    static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }
}

/// A running child process whose output is read line by line.
final class RunningProduct: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let lock = NSCondition()
    private var lines: [String] = []
    private var partial = Data()
    private var errorData = Data()
    private var ended = false
    /// Reads a readability handler has begun and not yet appended; none begins once
    /// `finish` has taken over the pipes.
    private var reading = 0
    private var finishing = false

    convenience init(_ name: String, _ arguments: [String], environment: [String: String]? = nil) throws {
        try self.init(executable: BuiltProducts.url(name), arguments, environment: environment)
    }

    /// `/bin/sh -c command`: for what only a shell sets up (its own pid in a variable).
    convenience init(shell command: String, environment: [String: String]? = nil) throws {
        try self.init(executable: URL(fileURLWithPath: "/bin/sh"), ["-c", command], environment: environment)
    }

    private init(executable: URL, _ arguments: [String], environment: [String: String]?) throws {
        // `make check` leaves out the suites tagged .binary, and runs every other one: a
        // test that starts a built product without the tag would slow it down unseen.
        // (TestTagsTests reads the same rule from the sources; this catches the helpers.)
        let products = BuiltProducts.directory.path + "/"
        if let test = Test.current, !test.tags.contains(.binary),
           executable.path.hasPrefix(products) || arguments.contains(where: { $0.contains(products) }) {
            Issue.record("""
                \(test.name) starts \(executable.lastPathComponent) \(arguments.joined(separator: " ")) without the \
                .binary tag: add .tags(.binary) to its suite, so that make check leaves it out
                """)
        }
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            guard let self, self.beginRead() else { return }
            self.append(handle.availableData, read: true)
        }
        errors.fileHandleForReading.readabilityHandler = { [weak self] handle in
            guard let self, self.beginRead() else { return }
            let data = handle.availableData
            self.lock.lock(); self.errorData.append(data); self.reading -= 1; self.lock.broadcast(); self.lock.unlock()
        }
        try process.run()
    }

    /// The lines printed on standard output so far.
    var printedLines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }

    /// What it printed on standard error so far (warnings and errors).
    var printedErrors: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: errorData, as: UTF8.self)
    }

    func send(_ line: String) {
        write(line + "\n")
    }

    func write(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// Waits (up to a generous limit, so a broken build fails instead of hanging) for a
    /// line equal to `expected` (or, with `prefix`, one that begins with it); returns
    /// whether it came.
    @discardableResult
    func waitForLine(_ expected: String, prefix: Bool = false, limit: TimeInterval = 60) -> Bool {
        let deadline = Date().addingTimeInterval(limit)
        lock.lock()
        defer { lock.unlock() }
        let matches = { (line: String) in prefix ? line.hasPrefix(expected) : line == expected }
        while !lines.contains(where: matches) {
            if ended || !lock.wait(until: deadline) { return lines.contains(where: matches) }
        }
        return true
    }

    /// Waits (up to `limit`) for a line on standard output or error that holds `text`;
    /// returns whether it came. For what the daemon logs where it chooses (a warning goes
    /// to standard error).
    @discardableResult
    func waitForOutput(containing text: String, limit: TimeInterval = 60) -> Bool {
        let deadline = Date().addingTimeInterval(limit)
        lock.lock()
        defer { lock.unlock() }
        let printed = { self.lines.contains { $0.contains(text) } || String(decoding: self.errorData, as: UTF8.self).contains(text) }
        while !printed() {
            if ended || !lock.wait(until: deadline) { return printed() }
        }
        return true
    }

    /// Waits for the process to exit (up to `limit`, then kills it) and returns its
    /// status, every line it printed on standard output, and its standard error.
    func finish(limit: TimeInterval = 60) -> (status: Int32, lines: [String], errors: String) {
        let deadline = Date().addingTimeInterval(limit)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        // What is left is read here, after the reads the handlers began have been
        // appended: a chunk a handler held while this read the rest would land after it
        // (a long reply came back with its parts out of order on a loaded machine).
        lock.lock()
        finishing = true
        while reading > 0 { lock.wait() }
        lock.unlock()
        output.fileHandleForReading.readabilityHandler = nil
        errors.fileHandleForReading.readabilityHandler = nil
        append(output.fileHandleForReading.readDataToEndOfFile(), final: true)
        lock.lock()
        errorData.append(errors.fileHandleForReading.readDataToEndOfFile())
        defer { lock.unlock() }
        return (process.terminationStatus, lines, String(decoding: errorData, as: UTF8.self))
    }

    /// Whether a handler may read: not once `finish` reads the rest itself.
    private func beginRead() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !finishing else { return false }
        reading += 1
        return true
    }

    private func append(_ data: Data, final: Bool = false, read: Bool = false) {
        lock.lock()
        defer { lock.broadcast(); lock.unlock() }
        if read { reading -= 1 }
        if data.isEmpty && !final { ended = true; return }
        partial.append(data)
        while let newline = partial.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: partial[partial.startIndex..<newline], as: UTF8.self))
            partial.removeSubrange(partial.startIndex...newline)
        }
        if final, !partial.isEmpty {
            lines.append(String(decoding: partial, as: UTF8.self))
            partial.removeAll()
        }
    }
}

/// Runs `name` to completion with `stdin` as its input.
func runProduct(_ name: String, _ arguments: [String], stdin: String = "") throws
    -> (status: Int32, lines: [String], errors: String)
{
    let running = try RunningProduct(name, arguments)
    running.write(stdin)
    running.closeInput()
    return running.finish()
}

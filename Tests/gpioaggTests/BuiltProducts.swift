#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
import MosquittoTesting
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

/// A running child process whose output is read line by line. It is started with
/// posix_spawn (`ChildProcess`): a clean signal mask, the default action for the stop
/// signals, and none of the test process's other descriptors.
final class RunningProduct: @unchecked Sendable {
    let process: ChildProcess
    /// The write end of the child's standard input; -1 once closed.
    private var input: Int32
    private let lock = NSCondition()
    private var lines: [String] = []
    private var partial = Data()
    private var errorData = Data()
    /// Standard output reached its end of file.
    private var ended = false
    /// The readers of standard output and error still reading.
    private var reading = 2

    /// Writing to a child that has ended fails with EPIPE instead of stopping the tests.
    private static let ignoringBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

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
        Self.ignoringBrokenPipes
        let stdin = try Self.pipe(), stdout = try Self.pipe(), stderr = try Self.pipe()
        defer { [stdin.read, stdout.write, stderr.write].forEach { close($0) } }
        do {
            process = try ChildProcess(executable.path, arguments, environment: environment,
                                       standardInput: stdin.read, standardOutput: stdout.write, standardError: stderr.write)
        } catch {
            [stdin.write, stdout.read, stderr.read].forEach { close($0) }
            throw error
        }
        input = stdin.write
        startReading(stdout.read) { [unowned self] data in append(data) }
        startReading(stderr.read) { [unowned self] data in errorData.append(data) }
    }

    deinit {
        if input >= 0 { close(input) }
    }

    /// A pipe whose ends the children do not inherit (posix_spawn's dup2 gives the child
    /// its own end without the flag).
    private static func pipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard Glibc.pipe(&ends) == 0 else { throw ToolFailure("pipe: \(String(cString: strerror(errno)))") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// Reads `descriptor` to its end of file on a thread of its own, handing each chunk
    /// to `received` under the lock, then closes it.
    private func startReading(_ descriptor: Int32, _ received: @escaping @Sendable (Data) -> Void) {
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                lock.lock()
                if count > 0 {
                    received(Data(buffer[0..<count]))
                    lock.broadcast()
                    lock.unlock()
                    continue
                }
                received(Data())
                reading -= 1
                lock.broadcast()
                lock.unlock()
                break
            }
            close(descriptor)
        }
        thread.name = "gpioagg-test-read"
        thread.start()
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
        guard input >= 0 else { return }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    func closeInput() {
        guard input >= 0 else { return }
        close(input)
        input = -1
    }

    /// Waits (up to a generous limit, so a broken build fails instead of hanging) for a
    /// line equal to `expected` (or, with `prefix`, one that begins with it), or for
    /// `count` such lines; returns whether they came.
    @discardableResult
    func waitForLine(_ expected: String, prefix: Bool = false, count: Int = 1, limit: TimeInterval = 60) -> Bool {
        let deadline = Date().addingTimeInterval(limit)
        lock.lock()
        defer { lock.unlock() }
        let matches = { (line: String) in prefix ? line.hasPrefix(expected) : line == expected }
        let enough = { self.lines.lazy.filter(matches).count >= count }
        while !enough() {
            if ended || !lock.wait(until: deadline) { return enough() }
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

    /// Waits for the process to exit (up to `limit`, then stops it with SIGTERM) and
    /// returns its status (the signal's number when one ended it), every line it
    /// printed on standard output, and its standard error.
    func finish(limit: TimeInterval = 60) -> (status: Int32, lines: [String], errors: String) {
        let deadline = Date().addingTimeInterval(limit)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate() }
        let status = process.termination().status
        // What is left is read to its end of file: every chunk is in, in order, once
        // both readers have returned.
        lock.lock()
        defer { lock.unlock() }
        while reading > 0 { lock.wait() }
        if !partial.isEmpty {
            lines.append(String(decoding: partial, as: UTF8.self))
            partial.removeAll()
        }
        return (status, lines, String(decoding: errorData, as: UTF8.self))
    }

    /// Standard output's next chunk, split into lines; an empty one is its end. Under
    /// the lock.
    private func append(_ data: Data) {
        if data.isEmpty { ended = true; return }
        partial.append(data)
        while let newline = partial.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: partial[partial.startIndex..<newline], as: UTF8.self))
            partial.removeSubrange(partial.startIndex...newline)
        }
    }
}

extension ChildProcess {
    var processIdentifier: pid_t { pid }

    func terminate() { signal(SIGTERM) }
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

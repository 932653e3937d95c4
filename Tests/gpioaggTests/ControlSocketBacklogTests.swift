import Foundation
import Testing

/// The control socket under a burst of clients: the kernel queues what the daemon has
/// not accepted yet, as many as `somaxconn` allows, instead of refusing them.
@Suite("gpioagg run: the control socket's queue", .tags(.binary))
struct ControlSocketBacklogTests {
    /// A non-blocking connect to `path`: 0 when it is queued or accepted, else its errno
    /// (`EAGAIN` when the listener's queue is full).
    static func connectWithoutWaiting(_ path: String) -> (fd: Int32, errno: Int32) {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
                            | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return (-1, errno) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return (fd, result == 0 ? 0 : errno)
    }

    /// Waits (up to 10 s) until `pid` is stopped: `kill` returns before the signal is
    /// delivered.
    static func waitUntilStopped(_ pid: pid_t) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            // The state is the field after the name's closing parenthesis: T when stopped.
            if let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
               let close = text.lastIndex(of: ")"),
               text[text.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("T") { return true }
            usleep(1_000)
        }
        return false
    }

    @Test("1,000 clients that connect at once while the daemon is busy are all queued, none refused")
    func burstOfConnections() throws {
        let somaxconn = (try? String(contentsOfFile: "/proc/sys/net/core/somaxconn", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 4096
        // 1,000 descriptors at once, beside what the tests running alongside hold: the
        // soft limit raised to the hard one where it is lower (often 1,024).
        var limit = rlimit()
        try #require(getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0)
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
            try #require(getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0)
        }
        let clients = min(1000, somaxconn, Int(clamping: limit.rlim_cur) - 512)
        // Below this, a queue of 16 would hold them all and the test could tell nothing.
        try #require(clients > 100, "somaxconn is \(somaxconn)")
        let config = try DaemonTests.write(DaemonTests.alarmConfig)
        let socket = temporarySocketPath()
        let daemon = try RunningProduct("gpioagg", ["run", "--simulate", "--config", config, "--control", socket])
        defer { _ = daemon.finish(limit: 0) }
        try #require(daemon.waitForLine("ready"))
        let pid = daemon.process.processIdentifier

        // Stopped, the daemon accepts nothing: every connection stays in the queue, as
        // when its loop is busy with a reload.
        kill(pid, SIGSTOP)
        try #require(Self.waitUntilStopped(pid))
        var descriptors: [Int32] = []
        var refused: [Int32: Int] = [:]
        for _ in 0..<clients {
            let (fd, code) = Self.connectWithoutWaiting(socket)
            if fd >= 0 { descriptors.append(fd) }
            if code != 0 { refused[code, default: 0] += 1 }
        }
        for fd in descriptors { close(fd) }
        kill(pid, SIGCONT)
        #expect(refused.isEmpty, "refused of \(clients): \(refused.map { "\(String(cString: strerror($0.key))) \($0.value)" })")

        // The queue, once drained, leaves the daemon as it was.
        #expect(try DaemonTests.status(socket)["outputs"]?["siren"] == false)
        kill(pid, SIGTERM)
        #expect(daemon.finish().status == 0)
    }
}

import Foundation
import Testing

/// The daemon under a stand-in for systemd: `$NOTIFY_SOCKET` bound by the test,
/// `$WATCHDOG_USEC` and `$WATCHDOG_PID` set as systemd sets them.
@Suite("gpioagg under systemd: notifications, watchdog, reload", .tags(.binary))
struct ServiceNotifyTests {
    static let config = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          a: { chip: main, line: GPIO17 }
        outputs:
          led: { chip: main, line: GPIO5, follows: a }
        """

    /// Starts gpioagg through a shell that sets `WATCHDOG_PID` to its own pid before it
    /// execs, as systemd sets it to the service's main pid.
    static func start(config: String, socket: NotifySocket, watchdogUSec: Int, watchdogPID: String = "$$")
        throws -> (RunningProduct, control: String)
    {
        let control = temporarySocketPath()
        var environment = ProcessInfo.processInfo.environment
        environment["NOTIFY_SOCKET"] = socket.path
        environment["WATCHDOG_USEC"] = String(watchdogUSec)
        let command = "WATCHDOG_PID=\(watchdogPID) exec '\(BuiltProducts.url("gpioagg").path)' run --simulate "
            + "--config '\(config)' --control '\(control)' </dev/null"
        return (try RunningProduct(shell: command, environment: environment), control)
    }

    /// The next message that is not a watchdog ping; counts the pings it skips.
    static func nextMessage(_ socket: NotifySocket, pings: inout Int) -> String? {
        while let message = socket.receive() {
            if message == "WATCHDOG=1" { pings += 1; continue }
            return message
        }
        return nil
    }

    static func monotonicMicroseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
    }

    @Test("ready, watchdog pings, a good reload, a bad reload (still running, still ready), stop")
    func sequence() throws {
        let config = try DaemonTests.write(Self.config)
        let socket = try NotifySocket()
        let (daemon, control) = try Self.start(config: config, socket: socket, watchdogUSec: 200_000)
        defer { _ = daemon.finish(limit: 0) }
        let pid = daemon.process.processIdentifier
        var pings = 0

        #expect(Self.nextMessage(socket, pings: &pings)
            == "READY=1\nSTATUS=simulating; 1 input, 0 signals, 1 output; no output on")
        // 100 ms apart (half of WATCHDOG_USEC): a few arrive within a second.
        let until = Date().addingTimeInterval(0.6)
        while Date() < until, let message = socket.receive() {
            #expect(message == "WATCHDOG=1")
            pings += 1
        }
        #expect(pings >= 2, "watchdog pings: \(pings)")

        // A good reload: a second output.
        try (Self.config + "\n  lamp: { chip: main, line: GPIO6, follows: a }")
            .write(toFile: config, atomically: true, encoding: .utf8)
        #expect(try DaemonTests.sim(control, ["set", "a", "on"]).status == 0)
        #expect(try DaemonTests.waitForStatus(control) { $0["outputs"]?["led"] == true })
        let before = Self.monotonicMicroseconds()
        kill(pid, SIGHUP)
        let reloading = try #require(Self.nextMessage(socket, pings: &pings))
        let after = Self.monotonicMicroseconds()
        let fields = reloading.split(separator: "\n").map(String.init)
        #expect(fields.count == 3 && fields[0] == "RELOADING=1" && fields[2] == "STATUS=reloading \(config)",
                "message: \(reloading)")
        let stamp = try #require(fields.first { $0.hasPrefix("MONOTONIC_USEC=") }.flatMap { UInt64($0.dropFirst(15)) })
        #expect(stamp >= before && stamp <= after, "MONOTONIC_USEC is CLOCK_MONOTONIC: \(before) <= \(stamp) <= \(after)")
        #expect(Self.nextMessage(socket, pings: &pings)
            == "READY=1\nSTATUS=simulating; 1 input, 0 signals, 2 outputs; on: lamp, led")
        #expect(try DaemonTests.status(control)["outputs"] == ["led": true, "lamp": true])

        // A bad reload: still running the previous configuration, still ready.
        try (Self.config + "\n  lamp: { chip: main, line: GPIO6, folows: a }")
            .write(toFile: config, atomically: true, encoding: .utf8)
        kill(pid, SIGHUP)
        #expect(Self.nextMessage(socket, pings: &pings)?.hasPrefix("RELOADING=1\nMONOTONIC_USEC=") == true)
        let refused = try #require(Self.nextMessage(socket, pings: &pings))
        #expect(refused.hasPrefix("READY=1\nSTATUS=reload refused: 2 errors in the config file; first: \(config):7:3: output 'lamp' needs follows:"),
                "message: \(refused)")
        #expect(refused.hasSuffix("; running the previous configuration"))
        #expect(try DaemonTests.status(control)["outputs"] == ["led": true, "lamp": true])
        #expect(daemon.process.isRunning)

        kill(pid, SIGTERM)
        #expect(Self.nextMessage(socket, pings: &pings) == "STOPPING=1")
        let result = daemon.finish()
        #expect(result.status == 0)
        #expect(result.errors.contains("\(config):7:"), "the bad file's error is logged at its line: \(result.errors)")
        #expect(result.lines.contains("output lamp off (safe state)"))
    }

    @Test("no pings when WATCHDOG_PID names another process")
    func watchdogForAnotherProcess() throws {
        let config = try DaemonTests.write(Self.config)
        let socket = try NotifySocket()
        let (daemon, _) = try Self.start(config: config, socket: socket, watchdogUSec: 100_000, watchdogPID: "1")
        var pings = 0
        #expect(Self.nextMessage(socket, pings: &pings)?.hasPrefix("READY=1\n") == true)
        usleep(400_000)
        kill(daemon.process.processIdentifier, SIGTERM)
        #expect(Self.nextMessage(socket, pings: &pings) == "STOPPING=1")
        #expect(pings == 0)
        #expect(daemon.finish().status == 0)
    }
}

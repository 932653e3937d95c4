import Foundation
import MosquittoTesting
import Testing
import TestSupport

/// The daemon on a real mosquitto against what would hold it up or make it grow: messages
/// of hundreds of MiB, a TLS file that is a FIFO, floods of junk commands; and removals
/// that must outlast a broker outage.
@Suite("gpioagg on MQTT: limits", .serialized,
       .enabled(if: Tools.haveBroker, Comment(rawValue: Tools.noBroker)), .tags(.binary, .broker))
struct MQTTDaemonLimitsTests {
    static let followerBody = """
        inputs:
          shed_door: { topic: gpioagg/shed/door_open, fallback: off }
          override: { command: true }
        signals:
          either: { any: [shed_door, override] }
        outputs:
          fan: { chip: main, line: GPIO5, follows: either }
        """

    /// The daemon's peak resident memory so far (VmHWM), in KiB.
    static func peakResidentKiB(_ pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        let line = text.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        return line.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") }
    }

    /// Whether the daemon runs under ThreadSanitizer or AddressSanitizer (`make test` runs
    /// every test so too): both reserve terabytes of address space for their shadow
    /// memory, and allocate more than the program does (ASan keeps freed memory aside).
    static func sanitized(_ pid: Int32) -> Bool {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmSize:") }),
              let kib = Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "")
        else { return false }
        return kib > 1 << 30
    }

    /// Asks for the daemon's status over its control socket until `done` says stop, and
    /// returns the longest time between two answers (seconds): how long the loop was held.
    static func longestSilence(_ socket: String, until done: () -> Bool) throws -> TimeInterval {
        var last = Date()
        var longest: TimeInterval = 0
        repeat {
            let result = try runProduct("gpioagg", ["status", "--control", socket])
            if result.status == 0 {
                longest = max(longest, Date().timeIntervalSince(last))
                last = Date()
            }
            usleep(50_000)
        } while !done()
        return max(longest, Date().timeIntervalSince(last))
    }

    @Test("a 250 MiB message, retained and live, on a followed topic and on /set: the loop keeps answering, memory does not grow, the values stay")
    func hugeMessages() throws {
        let broker = try TestBroker()
        let topics = ["gpioagg/shed/door_open", "gpioagg/garage/override/set"]
        let size = 250 << 20
        // Left retained before the daemon starts: it comes at every start and reload.
        for topic in topics {
            try BrokerMessageSize.publish(port: broker.port, topic: topic, bytes: size, retained: true, in: broker.directory)
        }
        let node = try MQTTDaemonTests.start(MQTTDaemonTests.config(broker: broker, node: "garage", body: Self.followerBody))
        defer { _ = node.daemon.finish(limit: 0) }
        let pid = node.daemon.process.processIdentifier
        #expect(try MQTTDaemonTests.waitForRetained(broker, "gpioagg/garage/status", "online"))
        #expect(try MQTTDaemonTests.waitForRetained(broker, "gpioagg/garage/fan", "OFF"))
        let before = try #require(Self.peakResidentKiB(pid))

        // A reload subscribes again (the retained ones come again), and both come live.
        kill(pid, SIGHUP)
        let published = NSCondition()
        nonisolated(unsafe) var done = false
        let publisher = Thread {
            for topic in topics {
                try? BrokerMessageSize.publish(port: broker.port, topic: topic, bytes: size, retained: false,
                                               in: broker.directory)
            }
            published.lock(); done = true; published.unlock()
        }
        publisher.start()
        let silence = try Self.longestSilence(node.socket) {
            published.lock(); defer { published.unlock() }
            return done
        }
        // The largest message the daemon took is the small one after the large ones.
        try Tools.publish(port: broker.port, topic: "gpioagg/garage/override/set", payload: "ON")
        #expect(try MQTTDaemonTests.waitForRetained(broker, "gpioagg/garage/fan", "ON"))
        let after = try #require(Self.peakResidentKiB(pid))
        print("longest silence of the control socket: \(Int(silence * 1000)) ms; peak RSS \(before) KiB, then \(after) KiB (+\(after - before))")
        // Under a sanitizer the daemon is several times slower and allocates more; the
        // bounds still tell a message read (250 MiB, twice) from one refused.
        let sanitized = Self.sanitized(pid)
        #expect(silence < (sanitized ? 5 : 2), "the loop answered within seconds all along, not after reading \(size) bytes")
        #expect(after - before < (sanitized ? 32 << 10 : 512), "peak RSS grew \(after - before) KiB")
        #expect(try DaemonTests.status(node.socket)["inputs"]?["shed_door"] == false, "still at its fallback")
    }

    @Test("MQTT 3.1.1, where the broker is not told the maximum: a larger message on a followed topic or /set is refused unread, logged once per topic")
    func refusalLoggedOnce() throws {
        let broker = try TestBroker()
        let gate = try ProtocolGate(target: broker.port)
        defer { gate.stop() }
        for topic in ["gpioagg/shed/door_open", "gpioagg/garage/override/set"] {
            try BrokerMessageSize.publish(port: broker.port, topic: topic, bytes: 1 << 20, retained: true,
                                          in: broker.directory)
        }
        let node = try MQTTDaemonTests.start("""
            chips:
              main: { label: pinctrl-bcm2711 }
            mqtt:
              broker: \(gate.url)
              node: garage
            \(Self.followerBody)
            """)
        let pid = node.daemon.process.processIdentifier
        #expect(try MQTTDaemonTests.waitForRetained(broker, "gpioagg/garage/fan", "OFF"))
        kill(pid, SIGHUP)   // subscribed again: both come again
        try BrokerMessageSize.publish(port: broker.port, topic: "gpioagg/shed/door_open", bytes: 1 << 20, retained: false,
                                      in: broker.directory)
        try Tools.publish(port: broker.port, topic: "gpioagg/garage/override/set", payload: "ON")
        #expect(try MQTTDaemonTests.waitForRetained(broker, "gpioagg/garage/fan", "ON"))
        #expect(try DaemonTests.status(node.socket)["inputs"]?["shed_door"] == false)
        kill(pid, SIGTERM)
        let result = node.daemon.finish()
        let lines = result.lines + result.errors.split(separator: "\n").map(String.init)
        let refusals = lines.filter { $0.contains("ignoring a message of") }
        #expect(refusals.count == 2, "\(lines)")
        for topic in ["gpioagg/shed/door_open", "gpioagg/garage/override/set"] {
            #expect(refusals.filter { $0.contains("bytes on \(topic): larger than the 64 KiB taken") }.count == 1,
                    "\(refusals)")
        }
    }

    @Test("a reload that drops an output while the broker is down: after the broker is back, its config and its value are gone, whatever waited to be sent",
          arguments: [false, true])
    func removalOutlastsOutage(persistent: Bool) throws {
        let broker = try TestBroker(persistent: persistent)
        let folder = temporaryDirectory()
        let path = folder + "/gpioagg.yaml"
        let socket = folder + "/control.sock"
        try MQTTDaemonTests.config(broker: broker, node: "garage", body: MQTTDaemonTests.garage)
            .write(toFile: path, atomically: true, encoding: .utf8)
        let daemon = try RunningProduct("gpioagg", ["run", "--simulate", "--config", path, "--control", socket,
                                                    "--state-dir", folder + "/state"])
        defer { _ = daemon.finish(limit: 0) }
        #expect(daemon.waitForLine("ready"))
        let config = "homeassistant/binary_sensor/garage/fan/config"
        #expect(try MQTTDaemonTests.waitForRetained(broker, "gpioagg/garage/fan", "OFF"))
        #expect(try Tools.retainedValue(port: broker.port, topic: config) != nil)

        broker.stop()
        // While the broker is down the fan goes on (its value waits to be sent), then a
        // reload drops it.
        #expect(try DaemonTests.sim(socket, ["set", "button", "on"]).status == 0)
        #expect(try DaemonTests.status(socket)["outputs"]?["fan"] == true)
        let without = MQTTDaemonTests.garage.replacingOccurrences(
            of: "outputs:\n  fan: { chip: main, line: GPIO5, follows: fan_on, device_class: running }", with: "")
        #expect(without != MQTTDaemonTests.garage)
        try MQTTDaemonTests.config(broker: broker, node: "garage", body: without)
            .write(toFile: path, atomically: true, encoding: .utf8)
        kill(daemon.process.processIdentifier, SIGHUP)
        let deadline = Date().addingTimeInterval(10)
        while !daemon.printedLines.contains(where: { $0.hasPrefix("reloaded ") }), Date() < deadline { usleep(20_000) }
        #expect(daemon.printedLines.contains { $0.hasPrefix("reloaded ") }, "\(daemon.printedLines)")

        try broker.start()
        // The backoff grew while the broker was down (up to 16 s after four failed attempts).
        let reconnectDeadline = Date().addingTimeInterval(30)
        var online = false
        while !online, Date() < reconnectDeadline {
            online = try Tools.retainedValue(port: broker.port, topic: "gpioagg/garage/status") == "online"
            if !online { usleep(100_000) }
        }
        #expect(online)
        // fan_on is published after what waited: once it is there, so is everything before it.
        #expect(try MQTTDaemonTests.waitForRetained(broker, "gpioagg/garage/fan_on", "ON"))
        #expect(try Tools.retainedValue(port: broker.port, topic: "gpioagg/garage/fan") == nil,
                "a fresh subscriber sees no value for the dropped output")
        #expect(try Tools.retainedValue(port: broker.port, topic: config) == nil)
        #expect(try Tools.retainedValue(port: broker.port, topic: "homeassistant/binary_sensor/garage/fan_on/config") != nil)
    }

    @Test("a CA file swapped for a FIFO while running: the next reconnect refuses it, the daemon keeps answering, says why and stops on SIGTERM")
    func caFileBecomesFIFO() throws {
        let directory = try TemporaryDirectory()
        let certificates = Certificates(directory: directory)
        try certificates.makeAuthority("ca")
        try certificates.makeCertificate("server", signedBy: "ca", subjectAltNames: ["DNS:localhost", "IP:127.0.0.1"])
        let broker = try TestBroker(settings: [
            "cafile \(directory.file("ca.pem"))", "certfile \(directory.file("server.pem"))",
            "keyfile \(directory.file("server.key"))", "allow_anonymous true",
        ], directory: directory)
        let tools = ["--cafile", directory.file("ca.pem")]
        let daemonCA = directory.file("daemon-ca.pem")
        try FileManager.default.copyItem(atPath: directory.file("ca.pem"), toPath: daemonCA)
        let node = try MQTTDaemonTests.start("""
            chips:
              main: { label: pinctrl-bcm2711 }
            mqtt:
              broker: mqtts://localhost:\(broker.port)
              node: garage
              tls: { ca_file: \(daemonCA) }
            \(MQTTDaemonTests.garage)
            """)
        let pid = node.daemon.process.processIdentifier
        // A daemon held on the FIFO ignores SIGTERM: never left behind.
        defer { if node.daemon.process.isRunning { kill(pid, SIGKILL) } }
        #expect(try MQTTDaemonTests.waitForRetained(broker, "gpioagg/garage/status", "online", extra: tools))

        #expect(unlink(daemonCA) == 0 && mkfifo(daemonCA, 0o600) == 0)
        broker.stop()
        try broker.start()
        // The first attempts come after 1 to 2 s and find the FIFO; the daemon answers all
        // along, and after.
        let refusal = "ca_file \(daemonCA) is a FIFO, not a regular file"
        let refusalDeadline = Date().addingTimeInterval(30)
        while !node.daemon.waitForOutput(containing: refusal, limit: 0.2), Date() < refusalDeadline {
            #expect(try DaemonTests.status(node.socket)["inputs"]?["override"] == false)
        }
        #expect(node.daemon.waitForOutput(containing: refusal, limit: 0), "\(node.daemon.printedLines) \(node.daemon.printedErrors)")
        #expect(try DaemonTests.status(node.socket)["inputs"]?["override"] == false)
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(10)
        while node.daemon.process.isRunning, Date() < deadline { usleep(20_000) }
        if node.daemon.process.isRunning {
            Issue.record("no exit 10 s after SIGTERM: killed")
            kill(pid, SIGKILL)
        }
        let result = node.daemon.finish()
        #expect(result.status == 0)
        #expect(MQTTDaemonTests.printed(result, "cannot connect to mqtts://localhost:\(broker.port): ca_file \(daemonCA) is a FIFO, not a regular file: give a PEM file"),
                "\(result.lines) \(result.errors)")
    }

    @Test("100,000 junk /set payloads: the first in the log, then their count at most once a minute, and a good command after them still acts")
    func junkCommandsAreCounted() throws {
        // mosquitto keeps at most 1000 QoS 1 messages waiting for a client by default and
        // drops the rest: all of them are to reach the daemon.
        let broker = try TestBroker(settings: ["allow_anonymous true", "max_queued_messages 0"])
        let node = try MQTTDaemonTests.start(MQTTDaemonTests.config(broker: broker, node: "garage", body: MQTTDaemonTests.garage))
        defer { _ = node.daemon.finish(limit: 0) }
        #expect(try MQTTDaemonTests.waitForRetained(broker, "gpioagg/garage/fan", "OFF"))
        let topic = "gpioagg/garage/override/set"
        let floodStarted = Date()
        // mosquitto_pub -l sends only part of a long input before it exits; --repeat waits
        // for each.
        let sent = try Tools.run(Tools.mosquittoPub!, ["-h", "127.0.0.1", "-p", "\(broker.port)", "-t", topic, "-q", "1",
                                                       "--repeat", "100000", "-m", "junk"], limit: 120)
        #expect(sent.status == 0, "\(sent.output)")
        try Tools.publish(port: broker.port, topic: topic, payload: "ON")
        // After every junk payload before it: a daemon built with a sanitizer takes a while.
        let deadline = Date().addingTimeInterval(120)
        var acted = false
        while !acted, Date() < deadline {
            acted = try Tools.retainedValue(port: broker.port, topic: "gpioagg/garage/fan") == "ON"
            if !acted { usleep(100_000) }
        }
        #expect(acted, "the good command still acts")
        kill(node.daemon.process.processIdentifier, SIGTERM)
        let result = node.daemon.finish()
        #expect(result.status == 0)
        let minutes = Int(Date().timeIntervalSince(floodStarted) / 60)
        let all = result.lines + result.errors.split(separator: "\n").map(String.init)
        let about = all.filter { $0.contains(topic) }
        #expect(about.first?.contains("ignoring 'junk' on \(topic): a command is ON, OFF, TOGGLE (or ") == true, "\(about.prefix(2))")
        // Then the count: at the stop, and once a minute before it while the flood lasts
        // a minute or more (a loaded machine, a sanitizer's build).
        let summaries = about.dropFirst()
        #expect((1...(minutes + 1)).contains(summaries.count), "\(about.prefix(5)) ... (\(about.count) lines in \(minutes) min)")
        #expect(summaries.allSatisfy { $0.contains("ignored ") && $0.contains(" more payloads on \(topic) in the last ") },
                "\(summaries)")
        let counted = summaries.map { summary in
            summary.components(separatedBy: "ignored ").last?.split(separator: " ").first.flatMap { Int($0) } ?? 0
        }.reduce(0, +)
        // Every junk payload the broker sent the daemon but the first is in the count.
        let delivered = broker.log.split(separator: "\n").filter {
            $0.contains("Sending PUBLISH to gpioagg-garage-") && $0.contains("'\(topic)'")
        }.count
        print("junk payloads delivered to the daemon: \(delivered - 1); counted: \(counted); lines about them: \(about.count)")
        #expect(delivered == 100_001, "the 100,000 and the good command reached the daemon")
        #expect(counted == delivered - 2, "all but the first and the good command: \(summaries)")
    }

    @Test("gpioagg check refuses a ca_file that is a FIFO and a max_message_size it cannot read, each at its place")
    func checkRefuses() throws {
        let directory = try TemporaryDirectory()
        #expect(mkfifo(directory.file("ca.fifo"), 0o600) == 0)
        let path = directory.file("gpioagg.yaml")
        try directory.write("""
            chips:
              main: { label: pinctrl-bcm2711 }
            mqtt:
              broker: mqtts://broker.lan
              max_message_size: 64kB
              tls: { ca_file: \(directory.file("ca.fifo")) }
            inputs:
              override: { command: true }

            """, to: "gpioagg.yaml")
        let result = try runProduct("gpioagg", ["check", "--config", path])
        #expect(result.status == 1)
        #expect(result.errors.contains("\(path):5:23: error: max_message_size: '64kB' has the unit 'kB'"), "\(result.errors)")
        #expect(result.errors.contains("\(path):6:19: error: ca_file: '\(directory.file("ca.fifo"))' in tls: of mqtt: is a FIFO, not a regular file"),
                "\(result.errors)")
        #expect(result.errors.contains("give a PEM file (a symbolic link to one is fine)"), "\(result.errors)")
    }
}

/// Publishes large payloads with mosquitto_pub from a file of zeros.
enum BrokerMessageSize {
    static func publish(port: UInt16, topic: String, bytes: Int, retained: Bool, in directory: TemporaryDirectory) throws {
        let path = directory.file("payload-\(bytes)")
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw ToolFailure("cannot make \(path)")
            }
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.truncate(atOffset: UInt64(bytes))
            try handle.close()
        }
        try Tools.run(Tools.mosquittoPub!, ["-h", "127.0.0.1", "-p", "\(port)", "-t", topic, "-q", "1", "-f", path]
                      + (retained ? ["-r"] : []), limit: 120)
    }
}

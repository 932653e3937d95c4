import Foundation
import Testing

/// A counter's kept total (`persist: true`) as a user runs it: a real daemon, pulses
/// from its standard input (`--simulate`'s line commands), SIGKILL at random moments.
@Suite("Kept totals across restarts", .tags(.binary))
struct KeptTotalTests {
    /// How often the test's total is written while it changes.
    static let persistEvery = 0.3
    /// What the bound allows the write itself (an fsync on a busy disk) and the loop's
    /// timer, on a loaded machine.
    static let writeAllowance = 2.0

    static let config = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          meter: { chip: main, line: GPIO17 }
        signals:
          water: { count: meter, unit: L, precision: 0, persist: true, persist_every: 300ms }
          flow: { rate: water, per: 1m, unit: L/min }
        """

    /// The totals a daemon printed (`signal water 12 L`), in order.
    static func totals(_ lines: [String]) -> [Double] {
        lines.compactMap { line in
            guard line.hasPrefix("signal water ") else { return nil }
            return line.dropFirst("signal water ".count).split(separator: " ").first.flatMap { Double($0) }
        }
    }

    static func inode(_ path: String) -> UInt64? {
        var status = stat()
        return stat(path, &status) == 0 ? UInt64(status.st_ino) : nil
    }

    static func start(config: String, state: String) throws -> RunningProduct {
        let daemon = try RunningProduct("gpioagg", ["run", "--simulate", "--config", config, "--control",
                                                    temporarySocketPath(), "--state-dir", state])
        #expect(daemon.waitForLine("ready"))
        return daemon
    }

    @Test("SIGKILL at random moments of a pulse train: the total after a restart is never below what was printed persist_every (and a write) before the kill, never above what was counted")
    func survivesSigkillDuringPulses() throws {
        let config = try DaemonTests.write(Self.config)
        let state = temporaryDirectory()
        // What the restart must show at least, and at most.
        var floor = 0.0
        var ceiling = 0.0
        var pulsesSent = 0
        for round in 0..<5 {
            let daemon = try Self.start(config: config, state: state)
            let startTotal = try #require(Self.totals(daemon.printedLines).first, "round \(round): \(daemon.printedLines)")
            #expect(startTotal >= floor, "round \(round): restored \(startTotal), printed \(floor) long enough before the kill")
            #expect(startTotal <= ceiling, "round \(round): restored \(startTotal), never counted past \(ceiling)")
            #expect(startTotal <= Double(pulsesSent))
            // A steady train, killed after a random time: each pair is one pulse.
            let length = Double.random(in: 3.0...4.5)
            let begin = Date()
            var seen: [(at: Date, total: Double)] = []
            // Each write renames a new file into place: a new inode. Samples may miss a
            // write, never see one that was not made.
            var inode = Self.inode(state + "/kept-state")
            var writes = 0
            while Date().timeIntervalSince(begin) < length {
                daemon.send("on meter")
                daemon.send("off meter")
                pulsesSent += 1
                usleep(5_000)
                if let last = Self.totals(daemon.printedLines).last { seen.append((Date(), last)) }
                let now = Self.inode(state + "/kept-state")
                if now != inode { writes += 1; inode = now }
            }
            let trainTime = Date().timeIntervalSince(begin)
            #expect(writes <= Int(trainTime / Self.persistEvery) + 1,
                    "round \(round): \(writes) writes in \(trainTime)s, persist_every: 300ms")
            let killedAt = Date()
            kill(daemon.process.processIdentifier, SIGKILL)
            let result = daemon.finish()
            #expect(result.status != 0)
            let printed = Self.totals(result.lines)
            ceiling = printed.max() ?? startTotal
            // What was printed early enough must be on disk: the writer had its
            // persist_every and a write's time for it.
            let margin = Self.persistEvery + Self.writeAllowance
            floor = seen.filter { killedAt.timeIntervalSince($0.at) >= margin }.map(\.total).max() ?? startTotal
            #expect(ceiling > startTotal, "round \(round): the train was counted (\(length)s)")
            #expect(floor > startTotal, "round \(round): the bound holds something to check (\(length)s)")
        }
        let last = try Self.start(config: config, state: state)
        let restored = try #require(Self.totals(last.printedLines).first)
        kill(last.process.processIdentifier, SIGTERM)
        #expect(last.finish().status == 0)
        #expect(restored >= floor && restored <= ceiling, "restored \(restored), bounds \(floor)...\(ceiling)")
    }

    @Test("a total set and a reset to 0 are kept (set from standard input, as gpioagg set); why shows what the state file holds; a damaged file starts at 0 with a warning")
    func setAndResetAreKept() throws {
        let config = try DaemonTests.write(Self.config)
        let state = temporaryDirectory()
        try "gpioagg-state 3\nsignal water 5\ncrc32 00000000\n".write(toFile: state + "/kept-state", atomically: true,
                                                                      encoding: .utf8)
        let socket = temporarySocketPath()
        let first = try RunningProduct("gpioagg", ["run", "--simulate", "--config", config, "--control", socket,
                                                   "--state-dir", state])
        #expect(first.waitForLine("ready"))
        #expect(Self.totals(first.printedLines).first == 0, "a damaged file keeps nothing: \(first.printedLines)")
        first.send("set water 12345")
        #expect(first.waitForLine("signal water 12345 L"), "\(first.printedLines)")
        #expect(KeptValuesTests.waitForStateFile(state, containing: "signal water 12345.0"))
        let why = try runProduct("gpioagg", ["why", "water", "--control", socket])
        // Beside the counter's own line, before what it counts.
        #expect(why.lines.count >= 2 && why.lines[1].hasPrefix("  kept: 12345 L, written ")
            && why.lines[1].hasSuffix(" ago (a power cut now leaves this total)"), "\(why.lines)")
        first.send("on meter")
        first.send("off meter")
        #expect(first.waitForLine("signal water 12346 L"))
        first.send("set water -1")
        first.send("set water 0")
        #expect(first.waitForLine("signal water 0 L"))
        #expect(KeptValuesTests.waitForStateFile(state, containing: "signal water 0.0"), "a reset is written at once")
        kill(first.process.processIdentifier, SIGKILL)
        let killed = first.finish()
        let errors = killed.lines + killed.errors.split(separator: "\n").map(String.init)
        #expect(errors.contains { $0.contains(state + "/kept-state") }, "the damaged file is named: \(errors)")
        #expect(errors.contains { $0.contains("-1 is below 0, and 'water' is a total") }, "\(errors)")

        let second = try RunningProduct("gpioagg", ["run", "--simulate", "--config", config, "--control", socket,
                                                    "--state-dir", state])
        #expect(second.waitForLine("ready"))
        #expect(Self.totals(second.printedLines).first == 0, "the reset survives SIGKILL: \(second.printedLines)")
        let whyAfter = try runProduct("gpioagg", ["why", "water", "--control", socket])
        #expect(whyAfter.lines.contains("  kept: 0 L, as read at start, not written since (a power cut now leaves this total)"),
                "\(whyAfter.lines)")
        kill(second.process.processIdentifier, SIGTERM)
        #expect(second.finish().status == 0)

        // A missing file: the total starts at 0, silently.
        try FileManager.default.removeItem(atPath: state + "/kept-state")
        let third = try Self.start(config: config, state: state)
        #expect(Self.totals(third.printedLines).first == 0)
        third.send("on meter")
        third.send("off meter")
        #expect(third.waitForLine("signal water 1 L"))
        kill(third.process.processIdentifier, SIGTERM)
        let stopped = third.finish()
        #expect(stopped.status == 0)
        #expect(stopped.errors.range(of: "warning") == nil, "\(stopped.errors)")
        #expect(KeptValuesTests.waitForStateFile(state, containing: "signal water 1.0"), "an orderly stop writes the last total")
    }

    @Test("config/examples/water-meter.yaml: the total after a restart, after SIGKILL, and after gpioagg set")
    func waterMeterExample() throws {
        let config = TestCommandTests.examples.appendingPathComponent("water-meter.yaml").path
        let state = temporaryDirectory()
        let socket = temporarySocketPath()
        func start() throws -> RunningProduct {
            let daemon = try RunningProduct("gpioagg", ["run", "--simulate", "--config", config, "--control", socket,
                                                        "--state-dir", state])
            #expect(daemon.waitForLine("ready"))
            return daemon
        }
        func pulse(_ daemon: RunningProduct, to total: Int) {
            daemon.send("pulse meter 30ms")
            #expect(daemon.waitForLine("signal water \(total).00 L"), "\(daemon.printedLines)")
        }
        let first = try start()
        #expect(Self.totals(first.printedLines).first == 0)
        for total in 1...3 { pulse(first, to: total) }
        kill(first.process.processIdentifier, SIGTERM)
        #expect(first.finish().status == 0)

        let second = try start()
        #expect(Self.totals(second.printedLines).first == 3, "kept through an orderly stop: \(second.printedLines)")
        for total in 4...5 { pulse(second, to: total) }
        #expect(KeptValuesTests.waitForStateFile(state, containing: "signal water 5.0"), "within persist_every (1s)")
        kill(second.process.processIdentifier, SIGKILL)
        _ = second.finish()

        let third = try start()
        #expect(Self.totals(third.printedLines).first == 5, "kept through SIGKILL: \(third.printedLines)")
        let set = try runProduct("gpioagg", ["set", "water", "12345", "--control", socket])
        #expect(set.status == 0, "\(set.errors)")
        kill(third.process.processIdentifier, SIGTERM)
        #expect(third.finish().status == 0)

        let fourth = try start()
        #expect(Self.totals(fourth.printedLines).first == 12345, "a set total is kept: \(fourth.printedLines)")
        kill(fourth.process.processIdentifier, SIGTERM)
        #expect(fourth.finish().status == 0)
    }

    @Test("a reload (SIGHUP) keeps a kept total through a changed multiply: and persist_every:, and keeps it kept")
    func reloadKeepsTotal() throws {
        let config = try DaemonTests.write(Self.config)
        let state = temporaryDirectory()
        let first = try Self.start(config: config, state: state)
        for total in 1...3 {
            first.send("on meter")
            first.send("off meter")
            #expect(first.waitForLine("signal water \(total) L"), "\(first.printedLines)")
        }
        try Self.config.replacingOccurrences(of: "persist_every: 300ms", with: "multiply: 2, persist_every: 200ms")
            .write(toFile: config, atomically: true, encoding: .utf8)
        kill(first.process.processIdentifier, SIGHUP)
        #expect(first.waitForLine("reloaded", prefix: true), "\(first.printedLines)")
        first.send("on meter")
        first.send("off meter")
        #expect(first.waitForLine("signal water 5 L"), "multiply: 2 counts on from 3: \(first.printedLines)")
        #expect(KeptValuesTests.waitForStateFile(state, containing: "signal water 5.0"))
        kill(first.process.processIdentifier, SIGKILL)
        _ = first.finish()

        let second = try Self.start(config: config, state: state)
        #expect(Self.totals(second.printedLines).first == 5, "\(second.printedLines)")
        kill(second.process.processIdentifier, SIGTERM)
        #expect(second.finish().status == 0)
    }
}

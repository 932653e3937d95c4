#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Config
import Control
import Engine
import GPIOSimulated
import Service
import TestSupport
import Testing
import Values

/// Blinds on two motors across reloads (SIGHUP of the same file), the whole daemon in
/// virtual time: a move under way goes on, the motors and the cover's state agree at
/// every instant, and no command drives both ways, checked on the simulated chip's writes.
@Suite("Covers across reloads in virtual time")
struct CoverReloadTests {
    typealias Rig = DaemonTests.Rig

    static let text = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          blinds_closed: { chip: main, line: GPIO23 }
        outputs:
          blinds_up: { chip: main, line: GPIO9 }
          blinds_down: { chip: main, line: GPIO10 }
        covers:
          blinds: { up: blinds_up, down: blinds_down, closed: blinds_closed, travel: 20s }
        interlocks:
          blinds_motor: { outputs: [blinds_up, blinds_down], wait: 200ms }
        """

    /// The rig with the blinds closed (their closed input on, then off once they leave).
    static func closedBlinds() throws -> Rig {
        let rig = try Rig(text)
        rig.chip.setActive(.name("GPIO23"), true)
        try rig.daemon.start()
        rig.loop.run()
        rig.chip.clearWrites()
        return rig
    }

    static func command(_ rig: Rig, _ value: SetValue) {
        _ = rig.daemon.handle(.set(name: "blinds", value: value))
        rig.loop.run()
    }

    static func reload(_ rig: Rig, _ count: Int) throws {
        try rig.rewrite(text + "\n# reload \(count)\n")
        rig.daemon.handle(signal: SIGHUP)
        rig.loop.run()
    }

    static func cover(_ rig: Rig) -> NodeValue? { rig.daemon.engine.snapshot().covers["blinds"] }
    static func up(_ rig: Rig) -> Bool { rig.chip.level(of: .name("GPIO9")) == true }
    static func down(_ rig: Rig) -> Bool { rig.chip.level(of: .name("GPIO10")) == true }

    /// The motors agree with the state: up only while opening, down only while closing.
    static func agree(_ rig: Rig) -> Bool {
        let state = cover(rig)?.coverState
        if up(rig) && down(rig) { return false }
        if up(rig) { return state == .opening }
        if down(rig) { return state == .closing }
        return true
    }

    static func audit(_ rig: Rig, _ writes: [InterlockAudit.Write]) throws -> [String] {
        let up = try #require(rig.chip.offset(of: .name("GPIO9")))
        let down = try #require(rig.chip.offset(of: .name("GPIO10")))
        return InterlockAudit(members: [up, down], wait: 200_000_000).violations(in: writes)
    }

    @Test("a reload mid-move carries the move on (up stays on, still opening); close then drives down 200 ms after up is off")
    func reloadMidMoveThenClose() throws {
        let rig = try Self.closedBlinds()
        Self.command(rig, .cover(.open))
        rig.chip.setActive(.name("GPIO23"), false)
        rig.loop.advance(by: .seconds(5))
        #expect(Self.up(rig))
        try Self.reload(rig, 1)
        #expect(rig.messages.contains { $0.hasPrefix("reloaded ") }, "\(rig.messages)")
        #expect(Self.cover(rig) == .cover(.opening, position: 25), "the move goes on")
        #expect(Self.up(rig), "the motor runs on with the move")
        #expect(!rig.messages.contains { $0.contains("blinds stopped") }, "no stop is reported: \(rig.messages)")
        rig.loop.advance(by: .seconds(1))
        #expect(Self.cover(rig) == .cover(.opening, position: 30))

        Self.command(rig, .cover(.close))
        #expect(!Self.up(rig) && !Self.down(rig), "up released, down waits for the interlock")
        #expect(Self.agree(rig))
        rig.loop.advance(by: .milliseconds(199))
        #expect(!Self.down(rig))
        rig.loop.advance(by: .milliseconds(1))
        #expect(Self.down(rig) && !Self.up(rig))
        #expect(Self.cover(rig)?.coverState == .closing)
        let writes = rig.chip.writes.map { InterlockAudit.Write(line: $0.offset, isOn: $0.value, at: $0.timestamp) }
        #expect(try Self.audit(rig, writes) == [])
        // It reaches closed, and stops there.
        rig.chip.setActive(.name("GPIO23"), true)
        rig.loop.advance(by: .seconds(7))
        #expect(Self.cover(rig) == .cover(.closed, position: 0))
        #expect(!Self.up(rig) && !Self.down(rig))
        rig.daemon.handle(signal: SIGTERM)
    }

    @Test("a reload that changes the cover mid-move stops it where it is and releases both motors; close then waits the interlock's wait")
    func reloadChangedCoverStops() throws {
        let rig = try Self.closedBlinds()
        Self.command(rig, .cover(.open))
        rig.chip.setActive(.name("GPIO23"), false)
        rig.loop.advance(by: .seconds(5))
        try rig.rewrite(Self.text.replacingOccurrences(of: "travel: 20s", with: "travel: 25s"))
        rig.daemon.handle(signal: SIGHUP)
        rig.loop.run()
        #expect(Self.cover(rig) == .cover(.stopped, position: 25))
        #expect(!Self.up(rig) && !Self.down(rig), "both motors released with the move")
        Self.command(rig, .cover(.close))
        #expect(Self.cover(rig)?.coverState == .closing)
        rig.loop.advance(by: .milliseconds(199))
        #expect(!Self.down(rig))
        rig.loop.advance(by: .milliseconds(1))
        #expect(Self.down(rig) && !Self.up(rig))
        let writes = rig.chip.writes.map { InterlockAudit.Write(line: $0.offset, isOn: $0.value, at: $0.timestamp) }
        #expect(try Self.audit(rig, writes) == [])
        rig.daemon.handle(signal: SIGTERM)
    }

    @Test("a reload during the interlock's wait: the other motor still comes on only once the wait is over")
    func reloadDuringWait() throws {
        let rig = try Self.closedBlinds()
        Self.command(rig, .cover(.open))
        rig.chip.setActive(.name("GPIO23"), false)
        rig.loop.advance(by: .seconds(4))
        Self.command(rig, .cover(.close))
        rig.loop.advance(by: .milliseconds(100))
        try Self.reload(rig, 1)
        #expect(!Self.up(rig) && !Self.down(rig))
        #expect(Self.cover(rig)?.coverState == .closing)
        rig.loop.advance(by: .milliseconds(99))
        #expect(!Self.down(rig))
        rig.loop.advance(by: .milliseconds(1))
        #expect(Self.down(rig))
        let writes = rig.chip.writes.map { InterlockAudit.Write(line: $0.offset, isOn: $0.value, at: $0.timestamp) }
        #expect(try Self.audit(rig, writes) == [])
        rig.daemon.handle(signal: SIGTERM)
    }

    @Test("20 reloads a second for 30 s among open, close, stop and positions: the motors agree with the state at every sample, never both on, the wait always kept")
    func reloadStorm() throws {
        let rig = try Self.closedBlinds()
        var random = SplitMix64(state: 29)
        let commands: [SetValue] = [.cover(.open), .cover(.close), .cover(.stop), .number(20), .number(60), .number(90)]
        var writes: [InterlockAudit.Write] = []
        var seen = 0
        var disagreements = 0
        var reloads = 0
        for step in 0..<600 {
            if step % 3 == 0 { Self.command(rig, commands[random.below(commands.count)]) }
            if !Self.agree(rig) { disagreements += 1 }
            reloads += 1
            try Self.reload(rig, reloads)
            if !Self.agree(rig) { disagreements += 1 }
            rig.loop.advance(by: .milliseconds(50))
            if !Self.agree(rig) { disagreements += 1 }
            let count = rig.chip.writeCount
            writes += rig.chip.writes.suffix(count - seen).map { .init(line: $0.offset, isOn: $0.value, at: $0.timestamp) }
            seen = count
        }
        #expect(disagreements == 0)
        #expect(writes.count > 20, "the motors moved (\(writes.count) writes)")
        #expect(try Self.audit(rig, writes) == [])
        #expect(rig.daemon.state == .running)
        rig.daemon.handle(signal: SIGTERM)
    }
}

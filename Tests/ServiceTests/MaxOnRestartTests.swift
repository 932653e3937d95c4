#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
import KeptState
import Locks
import Testing

/// `max_on` of an output restored on after a restart: it gets only what remains of its
/// limit, by the time kept with its value, and none when that time cannot be trusted.
@Suite("max_on across a restart")
struct MaxOnRestartTests {
    typealias Rig = DaemonTests.Rig

    /// A boot clock the test sets.
    final class TestBoot: @unchecked Sendable {
        let now = LockedValueBox(BootInstant(bootID: "6f0e1a52-5c2b-4c55-9d0c-5a1e0d4f7b3e", nanoseconds: 0))
        var clock: BootClock { BootClock { [now] in now.withLockedValue { $0 } } }

        func set(seconds: UInt64, bootID: String? = nil) {
            now.withLockedValue {
                $0.nanoseconds = seconds * 1_000_000_000
                if let bootID { $0.bootID = bootID }
            }
        }
    }

    static func text(maxOn: String = ", max_on: 10m") -> String {
        """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          want_water: { command: true, persist: true }
        outputs:
          pump: { chip: main, line: GPIO7, follows: want_water, initial: restore\(maxOn) }
        """
    }

    /// A state directory of the test's own.
    final class StateFolder {
        let path = NSTemporaryDirectory() + "gpioagg-maxon-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        deinit { try? FileManager.default.removeItem(atPath: path) }
        var file: String { (try? String(contentsOfFile: path + "/kept-state", encoding: .utf8)) ?? "" }
    }

    /// Runs a first daemon that turns the pump on at boot time 1000 s and stops 6 min
    /// later (as systemd would stop it before restarting it).
    static func firstRun(_ state: StateFolder, _ boot: TestBoot, text: String = text()) throws {
        let rig = try Rig(text, stateDirectory: state.path, bootClock: boot.clock)
        try rig.daemon.start()
        boot.set(seconds: 1_000)
        #expect(rig.daemon.handle(.set(name: "want_water", value: .on)) == .ok)
        rig.loop.advance(by: .seconds(360))
        #expect(rig.chip.level(of: .name("GPIO7")) == true)
        rig.daemon.handle(signal: SIGTERM)
        #expect(rig.chip.level(of: .name("GPIO7")) == false, "its safe value")
    }

    @Test("restored on 6m30s after it went on, a 10m max_on turns it off 3m30s later, not 10m")
    func remainder() throws {
        let state = StateFolder()
        let boot = TestBoot()
        try Self.firstRun(state, boot)
        #expect(state.file.contains("output pump on since 6f0e1a52-5c2b-4c55-9d0c-5a1e0d4f7b3e 1000000000000\n"),
                "\(state.file)")

        boot.set(seconds: 1_390)   // 30 s after the stop
        let rig = try Rig(Self.text(), stateDirectory: state.path, bootClock: boot.clock)
        try rig.daemon.start()
        #expect(rig.chip.level(of: .name("GPIO7")) == true, "restored on")
        rig.loop.advance(by: .seconds(209))
        #expect(rig.chip.level(of: .name("GPIO7")) == true)
        rig.loop.advance(by: .seconds(1))
        #expect(rig.chip.level(of: .name("GPIO7")) == false, "10m after it went on in the first run")
        #expect(rig.changes("pump").map(\.message).suffix(1) == ["output pump off"])
        rig.loop.advance(by: .seconds(600))
        #expect(rig.chip.level(of: .name("GPIO7")) == false, "held off until want_water goes off")
        rig.daemon.handle(signal: SIGTERM)
    }

    @Test("a record from another boot, from the future, or without a time gives the output no max_on left: it starts off",
          arguments: ["another boot", "the future", "no time"])
    func untrusted(record: String) throws {
        let state = StateFolder()
        let boot = TestBoot()
        try Self.firstRun(state, boot, text: record == "no time" ? Self.text(maxOn: "") : Self.text())
        switch record {
        case "another boot": boot.set(seconds: 1_390, bootID: "0b7c4d2e-1f3a-4b5c-8d6e-7f8091a2b3c4")
        case "the future": boot.set(seconds: 999)
        default: boot.set(seconds: 1_390)
        }
        let rig = try Rig(Self.text(), stateDirectory: state.path, bootClock: boot.clock)
        try rig.daemon.start()
        rig.loop.run()
        #expect(rig.chip.level(of: .name("GPIO7")) == false)
        #expect(rig.chip.writes.allSatisfy { !$0.value }, "never on, not even for an instant: \(rig.chip.writes)")
        #expect(rig.daemon.engine.snapshot().inputs["want_water"] == true)
        rig.daemon.handle(signal: SIGTERM)
    }
}

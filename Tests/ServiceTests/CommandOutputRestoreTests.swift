#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
import Testing

/// `initial: restore` on an output with `command: true`: the commanded value is kept
/// and restored; `safe` is written at every stop whatever a command set.
@Suite("Command outputs across a restart")
struct CommandOutputRestoreTests {
    typealias Rig = DaemonTests.Rig

    static let text = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          hall_motion: { chip: main, line: GPIO17 }
        outputs:
          porch_light: { chip: main, line: GPIO5, command: true, initial: restore, safe: off }
          hall_light: { chip: main, line: GPIO6, follows: hall_motion, command: true, initial: restore }
        """

    final class StateFolder {
        let path = NSTemporaryDirectory() + "gpioagg-command-output-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    @Test("a commanded value is restored at the next start; the safe value is written at the stop in between")
    func restored() throws {
        let state = StateFolder()
        do {
            let rig = try Rig(Self.text, stateDirectory: state.path)
            try rig.daemon.start()
            #expect(rig.chip.level(of: .name("GPIO5")) == false, "nothing kept yet: initial off")
            #expect(rig.daemon.handle(.set(name: "porch_light", value: .on)) == .ok)
            #expect(rig.daemon.handle(.set(name: "hall_light", value: .on)) == .ok)
            rig.loop.advance(by: .seconds(5))
            rig.daemon.handle(signal: SIGTERM)
            #expect(rig.chip.level(of: .name("GPIO5")) == false, "its safe value")
        }
        let rig = try Rig(Self.text, stateDirectory: state.path)
        try rig.daemon.start()
        #expect(rig.chip.level(of: .name("GPIO5")) == true, "restored on")
        #expect(rig.chip.level(of: .name("GPIO6")) == true, "restored on, held until the motion changes")
        rig.chip.setActive(.name("GPIO17"), true)
        rig.loop.run()
        rig.chip.setActive(.name("GPIO17"), false)
        rig.loop.run()
        #expect(rig.chip.level(of: .name("GPIO6")) == false, "follows the motion again")
        #expect(rig.daemon.handle(.set(name: "porch_light", value: .toggle)) == .ok)
        #expect(rig.chip.level(of: .name("GPIO5")) == false)
        rig.daemon.handle(signal: SIGTERM)
    }
}

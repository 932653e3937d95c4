#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Config
import Control
@testable import Engine
import Foundation
import GPIO
import Service
import Testing

/// A reload of a config whose declarations did not change changes nothing: inputs
/// without a line and stateful signals keep their values, so no output moves and no
/// change is logged. A declaration that changed starts again from its initial value.
@Suite("Reload carries values over")
struct ReloadCarryTests {
    typealias Rig = DaemonTests.Rig

    /// What a reload did: the change lines it logged and the writes to the output's
    /// line.
    struct Reloaded {
        var changeLines: [String]
        var writes: [Bool]
    }

    /// Reloads `text` (a line added at the end: the file did change, its declarations
    /// did not, unless `text` says otherwise) and returns what the reload logged and
    /// wrote to `output`'s line `line`.
    static func reload(_ rig: Rig, to text: String, output line: String) throws -> Reloaded {
        let logged = rig.entries.withLockedValue { $0.count }
        rig.chip.clearWrites()
        try rig.rewrite(text + "\n# reloaded\n")
        rig.daemon.handle(signal: SIGHUP)
        rig.loop.run()
        #expect(rig.messages.contains { $0.hasPrefix("reloaded ") }, "\(rig.messages)")
        let changes = rig.entries.withLockedValue { entries in
            entries[logged...].filter { $0.metadata["gpio_name"] != nil }.map(\.message)
        }
        let offset = try #require(rig.chip.offset(of: .name(line)))
        return Reloaded(changeLines: changes, writes: rig.chip.writes.filter { $0.offset == offset }.map(\.value))
    }

    static let commandText = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          override: { command: true }
        signals: {}
        outputs:
          o_cmd: { chip: main, line: GPIO5, follows: override }
        """

    @Test("an output following a command input keeps its level across a reload; nothing is written or logged")
    func commandInput() throws {
        let rig = try Rig(Self.commandText)
        try rig.daemon.start()
        #expect(rig.daemon.handle(.set(name: "override", value: .on)) == .ok)
        rig.loop.run()
        #expect(rig.chip.level(of: .name("GPIO5")) == true)
        let reloaded = try Self.reload(rig, to: Self.commandText, output: "GPIO5")
        #expect(reloaded.changeLines == [])
        #expect(reloaded.writes == [])
        #expect(rig.daemon.engine.snapshot().inputs["override"] == true)
        #expect(rig.chip.level(of: .name("GPIO5")) == true)
    }

    @Test("a command input whose declaration changed starts again from its initial value")
    func changedCommandInput() throws {
        let rig = try Rig(Self.commandText)
        try rig.daemon.start()
        #expect(rig.daemon.handle(.set(name: "override", value: .on)) == .ok)
        rig.loop.run()
        let changed = Self.commandText.replacingOccurrences(of: "{ command: true }",
                                                           with: "{ command: true, device_class: outlet }")
        let reloaded = try Self.reload(rig, to: changed, output: "GPIO5")
        #expect(reloaded.changeLines == ["output o_cmd off (reload)"])
        #expect(reloaded.writes == [false])
        #expect(rig.daemon.engine.snapshot().inputs["override"] == false)
    }

    static let toggleText = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          button: { chip: main, line: GPIO17 }
        signals:
          light: { toggle: button }
        outputs:
          lamp: { chip: main, line: GPIO5, follows: light }
        """

    @Test("an output following a toggle that is not persisted keeps its level across a reload")
    func toggle() throws {
        let rig = try Rig(Self.toggleText)
        try rig.daemon.start()
        rig.chip.setActive(.name("GPIO17"), true)
        rig.loop.run()
        rig.chip.setActive(.name("GPIO17"), false)
        rig.loop.run()
        #expect(rig.chip.level(of: .name("GPIO5")) == true)
        let reloaded = try Self.reload(rig, to: Self.toggleText, output: "GPIO5")
        #expect(reloaded.changeLines == [])
        #expect(reloaded.writes == [])
        #expect(rig.daemon.engine.snapshot().signals["light"] == true)
        // It still toggles from there.
        rig.chip.setActive(.name("GPIO17"), true)
        rig.loop.run()
        #expect(rig.chip.level(of: .name("GPIO5")) == false)
    }

    @Test("a toggle whose declaration changed starts again, off")
    func changedToggle() throws {
        let rig = try Rig(Self.toggleText)
        try rig.daemon.start()
        rig.chip.setActive(.name("GPIO17"), true)
        rig.loop.run()
        let changed = Self.toggleText.replacingOccurrences(of: "{ toggle: button }",
                                                           with: "{ toggle: button, off_delay: 1s }")
        let reloaded = try Self.reload(rig, to: changed, output: "GPIO5")
        #expect(reloaded.changeLines == ["output lamp off (reload)"])
        #expect(reloaded.writes == [false])
    }

    static let latchText = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          start: { chip: main, line: GPIO17 }
          guard_open: { chip: main, line: GPIO27 }
        signals:
          motor_run: { latch: { set: start, reset: guard_open } }
        outputs:
          motor: { chip: main, line: GPIO5, follows: motor_run }
        """

    @Test("an output following a latch keeps its level across a reload; one whose latch changed goes off")
    func latch() throws {
        let rig = try Rig(Self.latchText)
        try rig.daemon.start()
        rig.chip.setActive(.name("GPIO17"), true)
        rig.loop.run()
        rig.chip.setActive(.name("GPIO17"), false)
        rig.loop.run()
        #expect(rig.chip.level(of: .name("GPIO5")) == true)
        let reloaded = try Self.reload(rig, to: Self.latchText, output: "GPIO5")
        #expect(reloaded.changeLines == [])
        #expect(reloaded.writes == [])
        #expect(rig.daemon.engine.snapshot().signals["motor_run"] == true)

        let changed = Self.latchText.replacingOccurrences(of: "reset: guard_open } }",
                                                          with: "reset: guard_open }, persist: false }")
        let again = try Self.reload(rig, to: changed, output: "GPIO5")
        #expect(again.changeLines == [])
        #expect(again.writes == [], "persist: false is the default: no change")
        let reset = Self.latchText.replacingOccurrences(of: "set: start, reset: guard_open",
                                                        with: "set: start, reset: start")
        let restarted = try Self.reload(rig, to: reset, output: "GPIO5")
        #expect(restarted.changeLines == ["output motor off (reload)"])
        #expect(restarted.writes == [false])
    }

    /// A broker that takes the connection and never answers: the bridge stays
    /// connecting, so nothing but the test sets the remote input.
    final class SilentBroker {
        let fd: Int32
        let port: UInt16

        init() throws {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            try #require(fd >= 0)
            self.fd = fd
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let listening = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 && listen(fd, 4) == 0
                }
            }
            try #require(listening)
            port = UInt16(bigEndian: address.sin_port)
        }

        deinit { close(fd) }
    }

    static func remoteText(port: UInt16, fallback: String = "off") -> String {
        """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          rem: { topic: gpioagg/shed/door_open, fallback: \(fallback) }
        signals: {}
        outputs:
          o_rem: { chip: main, line: GPIO5, follows: rem }
        mqtt:
          broker: mqtt://127.0.0.1:\(port)
          node: garage
          discovery: false
        """
    }

    @Test("an output following a remote input starts the next engine at the value the bridge gave it, not its fallback")
    func remoteInput() throws {
        let broker = try SilentBroker()
        let text = Self.remoteText(port: broker.port)
        let rig = try Rig(text)
        try rig.daemon.start()
        rig.loop.run()
        // What the bridge does when the retained ON comes.
        #expect(rig.daemon.engine.update(.input("rem"), to: .on) == .on)
        rig.loop.run()
        #expect(rig.chip.level(of: .name("GPIO5")) == true)
        let reloaded = try Self.reload(rig, to: text, output: "GPIO5")
        #expect(reloaded.changeLines == [])
        #expect(reloaded.writes == [])
        #expect(rig.daemon.engine.snapshot().inputs["rem"] == true)

        let changed = Self.remoteText(port: broker.port, fallback: "false")
        let same = try Self.reload(rig, to: changed, output: "GPIO5")
        #expect(same.changeLines == [], "false and off are one fallback")
        let topic = text.replacingOccurrences(of: "shed/door_open", with: "shed/window_open")
        let restarted = try Self.reload(rig, to: topic, output: "GPIO5")
        #expect(restarted.changeLines == ["output o_rem off (reload)"])
        #expect(restarted.writes == [false])
        rig.daemon.handle(signal: SIGTERM)
    }
}

extension ReloadCarryTests {
    static let commandOutputText = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          motion: { chip: main, line: GPIO17 }
        outputs:
          porch: { chip: main, line: GPIO5, command: true }
          hall: { chip: main, line: GPIO6, follows: motion, command: true }
        """

    @Test("a command held on an output goes on across a reload, still until what it follows changes; a new name: changes nothing")
    func commandOutput() throws {
        let rig = try Rig(Self.commandOutputText)
        try rig.daemon.start()
        rig.chip.setActive(.name("GPIO17"), true)
        rig.loop.run()
        #expect(rig.daemon.handle(.set(name: "porch", value: .on)) == .ok)
        #expect(rig.daemon.handle(.set(name: "hall", value: .off)) == .ok)
        let renamed = Self.commandOutputText.replacingOccurrences(of: "command: true }\n", with: "command: true, name: \"Hall\" }\n")
        let reloaded = try Self.reload(rig, to: renamed, output: "GPIO5")
        #expect(reloaded.changeLines == [] && reloaded.writes == [])
        #expect(rig.chip.level(of: .name("GPIO5")) == true)
        #expect(rig.chip.level(of: .name("GPIO6")) == false, "the command still holds while the motion stays on")
        rig.chip.setActive(.name("GPIO17"), false)
        rig.loop.run()
        rig.chip.setActive(.name("GPIO17"), true)
        rig.loop.run()
        #expect(rig.chip.level(of: .name("GPIO6")) == true, "follows the motion again")
    }
}

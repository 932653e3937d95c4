#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Config
@testable import Service
import Testing

/// Line commands from a pipe: a line too long to be a command, and odd bytes in a line.
@Suite("Line commands on standard input")
struct CommandInputTests {
    typealias Rig = DaemonTests.Rig

    /// A daemon reading commands from a pipe; `send` writes in pieces the pipe can hold,
    /// running the loop between them, as the real loop would.
    final class Piped {
        let rig: Rig
        private var ends: [Int32] = [0, 0]

        init(_ text: String = Configuration.embeddedDemoText) throws {
            try #require(closeOnExecPipe(&ends))
            rig = try Rig(text, interaction: .commands, commands: ends[0])
            try rig.daemon.start()
        }

        deinit { close(ends[0]) }

        func send(_ bytes: [UInt8]) {
            var sent = 0
            while sent < bytes.count {
                let piece = min(16_384, bytes.count - sent)
                let written = bytes[sent...].withUnsafeBytes { write(ends[1], $0.baseAddress, piece) }
                precondition(written > 0)
                sent += written
                rig.loop.run()
            }
        }

        func end() {
            close(ends[1])
            rig.loop.advance(by: .seconds(1))
        }

        var errors: [String] {
            rig.entries.withLockedValue { $0.filter { $0.level == .error }.map(\.message) }
        }
    }

    @Test("a 1 MB line is skipped with a short error naming line 1; the next command runs")
    func longLine() throws {
        let piped = try Piped()
        piped.send(Array(repeating: UInt8(ascii: "x"), count: 1 << 20) + Array("\non switch1\n".utf8))
        piped.end()
        #expect(piped.errors == ["error: line 1 is longer than 4096 bytes; skipped"])
        #expect(piped.rig.messages.allSatisfy { $0.utf8.count < 1_000 }, "nothing logged echoes the line")
        #expect(piped.rig.changes("switch1").map(\.message).contains("input switch1 on"))
        #expect(piped.rig.daemon.exitStatus == 1, "a skipped line is a failed command")
    }

    @Test("a line of exactly 4096 bytes is still read as a command; one more byte is too long")
    func limit() throws {
        let piped = try Piped()
        let padded = "on switch1" + String(repeating: " ", count: 4096 - 10)
        piped.send(Array((padded + "\n" + padded + " \non switch2\n").utf8))
        piped.end()
        #expect(piped.errors == ["error: line 2 is longer than 4096 bytes; skipped"])
        #expect(piped.rig.changes("switch1").map(\.message).contains("input switch1 on"))
        #expect(piped.rig.changes("switch2").map(\.message).contains("input switch2 on"))
    }

    @Test("a NUL in a line does not swallow its newline: the next command runs")
    func nul() throws {
        let piped = try Piped()
        piped.send(Array("on\u{0}switch3\non switch1\n".utf8))
        piped.end()
        #expect(piped.errors.count == 1)
        #expect(piped.errors.first?.hasPrefix("error: unknown command 'on\\u{0}switch3'") == true)
        #expect(piped.rig.changes("switch1").map(\.message).contains("input switch1 on"))
    }

    @Test("lines split across reads are joined; the limit counts a line's bytes over every read")
    func splitting() {
        var lines = CommandInput.Lines()
        var items: [CommandInput.Lines.Item] = []
        let long = Array(repeating: UInt8(ascii: "y"), count: 3_000)
        for piece in [Array("on sw".utf8), Array("itch1\n".utf8) + long, long, Array("\n\ntoggle 1".utf8)] {
            lines.append(piece[...], into: &items)
        }
        lines.finish(into: &items)
        #expect(items == [.line("on switch1"), .tooLong(2), .line(""), .line("toggle 1")])
        #expect(lines.lineNumber == 5)
    }

    /// Two inputs on lines and a command input, which `status` lists first: door_button,
    /// door_closed, motion.
    static let withCommandInput = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          door_closed: { chip: main, line: GPIO17 }
          motion: { chip: main, line: GPIO27 }
          door_button: { command: true }
        signals:
          lit: { any: [door_button, motion] }
        outputs:
          light: { chip: main, line: GPIO5, follows: lit }
        """

    @Test("line commands move command inputs too, by name or by number as status lists the inputs")
    func commandInputs() throws {
        let piped = try Piped(Self.withCommandInput)
        piped.send(Array("on door_button\noff 1\n3\n3\nset door_closed true\npulse door_button 50ms\nstatus\n".utf8))
        piped.end()
        #expect(piped.errors == [])
        #expect(piped.rig.daemon.exitStatus == 0)
        #expect(piped.rig.changes("door_button").map(\.message) == [
            "input door_button off (initial)", "input door_button on", "input door_button off",
            "input door_button on", "input door_button off",
        ])
        #expect(piped.rig.changes("motion").map(\.message) == [
            "input motion off (initial)", "input motion on", "input motion off",
        ])
        #expect(piped.rig.changes("door_closed").map(\.message) == ["input door_closed off (initial)", "input door_closed on"])
        #expect(piped.rig.changes("light").map(\.message) == [
            "output light off (initial)", "output light on", "output light off", "output light on", "output light off",
            "output light on", "output light off", "output light off (safe state)",
        ])
    }

    @Test("a command that names no input says which there are; a word that is not a level says what a level is")
    func refusals() throws {
        let piped = try Piped(Self.withCommandInput)
        piped.send(Array("toggle 4\non door_buton\nset motion maybe\nset motion yes\npulse 0\n".utf8))
        piped.end()
        #expect(piped.errors == [
            "error: there is no input number 4; inputs 1 to 3",
            "error: no input named 'door_buton'; did you mean 'door_button'? (inputs: door_button, door_closed, motion)",
            "error: 'maybe' is not a level: a level is one of on, off, true, false, 1, 0",
            "error: 'yes' is not a level: 'yes' means on: write on",
            "error: there is no input number 0; inputs 1 to 3",
        ])
        #expect(piped.rig.daemon.exitStatus == 1)
    }
}

extension CommandInputTests {
    static let withPressedInput = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          gate_open: { command: press }
          hall: { command: true }
        outputs:
          gate_relay: { chip: main, line: GPIO7, follows: gate_open, pulse: 1s }
        """

    @Test("press NAME and the input's number press a pressed input; on, off and toggle on it, and press on a level, are refused")
    func pressedInput() throws {
        let piped = try Piped(Self.withPressedInput)
        piped.send(Array("press gate_open\n1\non gate_open\ntoggle gate_open\npress hall\n".utf8))
        piped.end()
        #expect(piped.rig.changes("gate_open").map(\.message) == [
            "input gate_open off (initial)", "input gate_open activated", "input gate_open activated",
        ])
        #expect(piped.rig.changes("gate_relay").map(\.message).prefix(2) == ["output gate_relay off (initial)", "output gate_relay on"])
        #expect(piped.errors == [
            "error: 'gate_open' is pressed (command: press): write press; press gate_open, or its key or number",
            "error: 'gate_open' is pressed (command: press): write press; press gate_open, or its key or number",
            "error: 'hall' is on or off: write on, off or toggle",
        ])
    }
}

extension CommandInputTests {
    static let withCommandOutputs = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          hall_motion: { chip: main, line: GPIO27 }
        outputs:
          porch_light: { chip: main, line: GPIO5, command: true }
          hall_light: { chip: main, line: GPIO6, follows: hall_motion, command: true }
        """

    @Test("on, off and toggle NAME command an output with command: true, as gpioagg set does; with follows, the next change of what it follows wins")
    func commandOutputs() throws {
        let piped = try Piped(Self.withCommandOutputs)
        piped.send(Array("on porch_light\ntoggle hall_light\n".utf8))
        #expect(piped.rig.chips.simulatedChips[0].level(of: .name("GPIO5")) == true)
        #expect(piped.rig.chips.simulatedChips[0].level(of: .name("GPIO6")) == true)
        piped.send(Array("off porch_light\nset hall_motion on\nset hall_motion off\n".utf8))
        piped.rig.loop.advance(by: .milliseconds(100))
        #expect(piped.rig.chips.simulatedChips[0].level(of: .name("GPIO5")) == false)
        #expect(piped.rig.chips.simulatedChips[0].level(of: .name("GPIO6")) == false, "hall_motion off: it follows again")
        piped.end()
        #expect(piped.errors == [])
        #expect(piped.rig.changes("porch_light").map(\.message) == [
            "output porch_light off (initial)", "output porch_light on", "output porch_light off",
            "output porch_light off (safe state)",
        ])
    }
}

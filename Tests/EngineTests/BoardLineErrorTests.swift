import Config
import Engine
import GPIO
import GPIOSimulated
import LoopEmbedded
import Simulation
import Testing

/// A bad line is one error, whether `gpioagg check --board` finds it in the board's
/// profile or the engine finds it on the board's (simulated) chips at start: both look
/// lines up with `LineLookup`.
@Suite("A bad line on a board, from check --board and from the engine")
struct BoardLineErrorTests {
    static func configuration(label: String, line: String) throws -> Configuration {
        try ConfigLoader.parse("""
            chips:
              main: { label: \(label) }
              expander: { label: mcp23017 }
            inputs:
              door: { chip: main, line: \(line) }
              motion: { chip: expander, line: MOTION }

            """, file: "gpioagg.yaml")
    }

    /// What `check --board` says of the file's one bad line.
    static func checked(_ configuration: Configuration, on board: BoardProfile) throws -> ConfigError {
        do throws(ConfigErrors) {
            _ = try configuration.resolved(on: board)
        } catch {
            #expect(error.errors.count == 1)
            return try #require(error.errors.first)
        }
        Issue.record("check --board found nothing wrong")
        throw CancellationError()
    }

    /// What the engine says when it starts on the board's simulated chips.
    static func started(_ configuration: Configuration, on board: BoardProfile) throws -> EngineError {
        let loop = EmbeddedEventLoop(now: 0)
        let backend = SimulatedBackend.simulating(configuration, clock: loop, board: board)
        let engine = Engine(configuration: configuration, backend: backend, loop: loop)
        return try #require(throws: EngineError.self) { try engine.start() }
    }

    @Test("the same message and hint for the same bad line", arguments: [
        ("pi4", nil, "BCM18"), ("pi4", nil, "GPIO40"), ("pi4", nil, "gpio17"), ("pi4", nil, "pin11"),
        ("pi4", nil, "LED1"), ("pi4", nil, "58"), ("pi4", "raspberrypi-exp-gpio", "PIN11"),
        ("pi5", nil, "GPIO40"), ("pi5", nil, "BCM4"), ("pi3", nil, "GPIO28"),
    ] as [(String, String?, String)])
    func sameError(board name: String, chip label: String?, line: String) throws {
        let board = try #require(BoardProfile.named(name))
        let configuration = try Self.configuration(label: label ?? board.headerController.info.label, line: line)
        let checked = try Self.checked(configuration, on: board)
        let started = try Self.started(configuration, on: board)
        #expect(started.message == checked.message)
        #expect(started.hint == checked.hint)
        #expect(checked.message.hasPrefix("input 'door': "))
        #expect(!checked.hint.isEmpty)
    }

    @Test("a name the board lacks names the board, and a BCM number its line, at start as in check")
    func namesTheBoard() throws {
        let configuration = try Self.configuration(label: "pinctrl-bcm2711", line: "BCM18")
        let started = try Self.started(configuration, on: .pi4)
        #expect(started.message
            == "input 'door': no line named 'BCM18' on gpiochip0 [pinctrl-bcm2711] of the Raspberry Pi 4 Model B")
        #expect(started.hint
            == "BCM numbers are written as the line's name on this board: 'GPIO18' (or PIN12, or offset 18)")
        #expect(started.gpioError?.kind == .lineNotFound)
    }
}

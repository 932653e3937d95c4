#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Config
import Control
import Engine
import Foundation
import GPIOSimulated
import Locks
import Logging
import LoopEmbedded
import PWMSimulated
@testable import Service
import Simulation
import TestSupport
import Testing
import Values

/// `gpioagg set` (the control socket's `set`) and the line commands under `--simulate`
/// on PWM outputs: a percentage, on, off and toggle for one with `command: true`, a
/// refusal naming what it follows for one without.
@Suite("PWM outputs set from gpioagg set and the line commands")
struct PWMCommandTests {
    static let config = """
        chips:
          pwm: { pwm: fe20c000.pwm }
        inputs:
          cpu: { command: true, type: number, initial: 60, unit: "°C" }
        signals:
          fan_speed: { scale: cpu, from: [50, 70], to: [30, 100] }
        outputs:
          strip: { chip: pwm, channel: 0, frequency: 1kHz, command: true }
          fan: { chip: pwm, channel: 1, frequency: 25kHz, follows: fan_speed }
        """

    /// An engine on a simulated PWM controller, as the daemon runs it, with its control
    /// socket's answers and a pipe of line commands.
    final class Rig {
        let loop = EmbeddedEventLoop()
        let pwm = SimulatedPWMBackend(controllers: [.init(deviceName: "fe20c000.pwm", number: 0, channelCount: 2)])
        let running: RunningEngine
        let replies: ControlReplies
        let entries = LockedValueBox<[LogEntry]>([])
        private var ends: [Int32] = [0, 0]
        private var commands: CommandInput?
        private(set) var ended: (reason: String, failures: Int)?

        init() throws {
            let configuration = try ConfigLoader.parse(PWMCommandTests.config, file: "gpioagg.yaml")
            let entries = entries
            let logger = Logger(label: "test") { _ in RecordingLogHandler(entries: entries) }
            let chips = SimulatedBackend.simulating(configuration, clock: loop)
            let engine = Engine(configuration: configuration, backend: chips, pwm: pwm, loop: loop, logger: logger)
            try engine.start()
            running = RunningEngine(engine: engine, configuration: configuration, backend: chips, simulated: true)
            let settling = InputSettling(running: running, loop: loop)
            replies = ControlReplies(running: running, loop: loop, settling: settling,
                                     mqtt: MQTTLifecycle(loop: loop, transport: nil, version: "test", logger: logger),
                                     keeper: ValueKeeper(stateDirectory: nil, bootClock: .system, loop: loop, logger: logger))
            try #require(closeOnExecPipe(&ends))
            commands = CommandInput(descriptor: ends[0], loop: loop, targets: InputTargets(running: running, loop: loop),
                                    settling: settling, running: running, logger: logger) { [weak self] reason, failures in
                self?.ended = (reason, failures)
            }
        }

        deinit {
            commands?.close()
            close(ends[0])
            close(ends[1])
            running.engine.stop()
        }

        func set(_ name: String, _ text: String) throws -> ControlReply {
            replies.handle(.set(name: name, value: try #require(SetValue(text))))
        }

        /// Writes line commands to the pipe, and lets the loop run them.
        func send(_ lines: String) {
            _ = lines.utf8CString.withUnsafeBufferPointer { write(ends[1], $0.baseAddress, $0.count - 1) }
            loop.run()
        }

        func duty(_ channel: Int) -> Double? { pwm.state(of: "fe20c000.pwm", channel: channel)?.percent }

        var errors: [String] { entries.withLockedValue { $0.filter { $0.level == .error }.map(\.message) } }
    }

    @Test("gpioagg set strip 40|off|on|toggle: the new percentage at precision 1, and the channel follows")
    func setReplies() throws {
        let rig = try Rig()
        #expect(try rig.set("strip", "40") == .value(.number(40, "%"), precision: 1))
        #expect(rig.duty(0) == 40)
        #expect(try rig.set("strip", "off") == .value(.number(0, "%"), precision: 1))
        #expect(rig.duty(0) == 0)
        #expect(try rig.set("strip", "on") == .value(.number(40, "%"), precision: 1), "on: the last duty cycle above 0")
        #expect(try rig.set("strip", "toggle") == .value(.number(0, "%"), precision: 1))
        #expect(try rig.set("strip", "1") == .value(.number(1, "%"), precision: 1), "1 is a percentage, not on")
        #expect(rig.duty(0) == 1)
        #expect(NodeValue.number(40, "%").text(precision: 1) == "40.0 %", "what gpioagg set prints after the name")
    }

    @Test("refusals: a percentage above 100, a cover's word, press; a PWM output without command: true names what it follows")
    func setRefusals() throws {
        let rig = try Rig()
        #expect(try rig.set("strip", "140") == .failure("'strip' takes 0 to 100 (%), on, off or toggle, not 140.0"))
        #expect(try rig.set("strip", "open") == .failure("'strip' takes 0 to 100 (%), on, off or toggle, not open"))
        #expect(try rig.set("strip", "press") == .failure("'strip' takes 0 to 100 (%), on, off or toggle, not press"))
        #expect(rig.duty(0) == 0, "nothing changed")
        #expect(try rig.set("fan", "50") == .failure(
            "'fan' is a PWM output that follows fan_speed: only outputs with command: true can be set"))
        #expect(rig.duty(1) == 65, "the fan still follows its curve: 60 °C is 65 %")
        guard case .failure(let typo) = try rig.set("strp", "40") else {
            Issue.record("a misspelt name was taken")
            return
        }
        #expect(typo.hasPrefix("no settable node named 'strp'; did you mean 'strip'?"), "\(typo)")
    }

    @Test("gpioagg why on a PWM output explains it; a misspelt PWM output's name is suggested")
    func why() throws {
        let rig = try Rig()
        guard case .explanation(let lines) = rig.replies.handle(.why(name: "fan")) else {
            Issue.record("why fan did not explain it")
            return
        }
        #expect(lines.first?.hasPrefix("fan 65.0 %: PWM output on pwm channel 1") == true, "\(lines)")
        #expect(rig.replies.handle(.why(name: "fann")) == .failure("no input, signal or output named 'fann'; did you mean 'fan'?"))
    }

    @Test("line commands: set strip 40, off strip, on strip, toggle strip; a wrong word and an output without command: true fail")
    func lineCommands() throws {
        let rig = try Rig()
        rig.send("set strip 40\n")
        #expect(rig.duty(0) == 40)
        rig.send("off strip\n")
        #expect(rig.duty(0) == 0)
        rig.send("on strip\n")
        #expect(rig.duty(0) == 40)
        rig.send("toggle strip\n")
        #expect(rig.duty(0) == 0)
        rig.send("set strip 75.5\n")
        #expect(rig.running.engine.snapshot().value(named: "strip")?.value == .number(75.5, "%"))
        #expect(rig.errors.isEmpty, "\(rig.errors)")
        rig.send("set strip bright\nset strip 101\non fan\n")
        #expect(rig.errors == [
            "error: 'strip' takes 0 to 100 (%), on, off or toggle, not bright",
            "error: 'strip' takes 0 to 100 (%), on, off or toggle, not 101.0",
            "error: 'fan' is a PWM output that follows fan_speed: only outputs with command: true can be set",
        ])
        #expect(rig.running.engine.snapshot().value(named: "strip")?.value == .number(75.5, "%"))
        #expect(rig.duty(1) == 65)
    }
}

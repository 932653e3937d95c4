import Config
@testable import Engine
import GPIO
import GPIOSimulated
import Locks
import PWM
import TestSupport
import Logging
import LoopEmbedded
import Reactive
import Testing
import Values

/// An engine on simulated chips and virtual time: nothing happens until the test sets a
/// line (`set`), advances time (`advance`) or runs the loop.
final class EngineHarness {
    let loop = EmbeddedEventLoop(now: 0)
    let simulated: SimulatedBackend
    let engine: Engine
    private let records = Records()
    private var observation: AnyCancellable?

    /// What the engine logged and told its observers.
    final class Records: @unchecked Sendable {
        let logged = LockedValueBox<[LogEntry]>([])
        var changes: [EngineChange] = []
    }

    /// - Parameter backend: wraps the simulated chips (e.g. to count calls); defaults to
    ///   them.
    init(_ configuration: Configuration,
         chips: ((EmbeddedEventLoop) -> [SimulatedChip])? = nil,
         numbering: SimulatedChip.EventNumbering = .numbered,
         backend wrap: ((SimulatedBackend) -> any GPIOBackend)? = nil,
         pwm: (any PWMBackend)? = nil) {
        if let chips {
            simulated = SimulatedBackend(chips: chips(loop))
        } else {
            simulated = SimulatedBackend.raspberryPi(clock: loop, numbering: numbering)
        }
        let records = self.records
        let logger = Logger(label: "test") { _ in RecordingLogHandler(entries: records.logged) }
        engine = Engine(configuration: configuration, backend: wrap?(simulated) ?? simulated, pwm: pwm, loop: loop,
                        logger: logger)
        observation = engine.observeChanges { records.changes.append($0) }
    }

    var chip: SimulatedChip { simulated.simulatedChips[0] }
    var log: [String] { records.logged.withLockedValue { $0.map(\.message) } }
    var changes: [EngineChange] { records.changes }
    func clearChanges() { records.changes.removeAll() }

    func start() throws(EngineError) {
        try engine.start()
    }

    /// Moves a line to a logical level, as its requester sees it, and lets the engine
    /// read the edge.
    func set(_ line: String, _ active: Bool) {
        chip.setActive(LineLocator(line), active)
        loop.run()
    }

    /// Moves virtual time on, running what falls due at its own instant.
    func advance(by duration: Duration) {
        loop.advance(by: duration)
    }

    /// Moves time on in `step`s, the engine reading events as they happen (like the
    /// event loop).
    func advance(by duration: Duration, step: Duration) {
        var elapsed = Duration.zero
        while elapsed < duration {
            advance(by: step)
            elapsed += step
        }
    }

    var snapshot: EngineSnapshot { engine.snapshot() }

    /// The simulated chip and offset of a running input, as `SimulatedInputs` finds them.
    func inputLine(_ name: String) throws -> (SimulatedChip, LineLocator) {
        let id = try #require(engine.line(ofInput: name))
        let chip = try #require(simulated.simulatedChip(path: id.chip))
        return (chip, .offset(id.offset))
    }

    /// Sets a simulated input to a logical value, as `gpioagg sim set` does.
    func setInput(_ name: String, _ value: Bool) throws {
        let (chip, line) = try inputLine(name)
        chip.setActive(line, value)
    }

    func toggleInput(_ name: String) throws {
        let (chip, line) = try inputLine(name)
        chip.toggle(line)
    }

    func pulseInput(_ name: String, for duration: Duration) throws {
        let (chip, line) = try inputLine(name)
        chip.pulse(line, for: duration)
    }

    func input(_ name: String) -> NodeValue? { snapshot.inputs[name] }
    func signal(_ name: String) -> NodeValue? { snapshot.signals[name] }
    func output(_ name: String) -> NodeValue? { snapshot.outputs[name] }

    /// The physical level of a line of the first chip.
    func level(_ line: String) -> Bool? { chip.level(of: LineLocator(line)) }

    /// The logical values written to a line of the first chip, in order.
    func writes(_ line: String) -> [Bool] {
        guard let offset = chip.offset(of: LineLocator(line)) else { return [] }
        return chip.writes.filter { $0.offset == offset }.map(\.value)
    }

    func changes(of kind: NodeKind, _ name: String) -> [NodeValue] {
        changes.filter { $0.kind == kind && $0.name == name }.map(\.value)
    }
}

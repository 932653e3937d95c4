import Config
import Engine
import GPIO
import GPIOSimulated
import Reactive
import ReactiveTesting

/// An engine on simulated chips and virtual time: nothing happens until the test sets a
/// line (`set`), advances time (`advance`) or pumps the host.
final class EngineHarness {
    let scheduler = VirtualTimeScheduler()
    let clock: VirtualSimulationClock
    let simulated: SimulatedBackend
    let host: ManualEngineHost<VirtualTimeScheduler>
    let engine: Engine
    private let records = Records()
    private var observation: AnyCancellable?

    /// What the engine logged and told its observers.
    final class Records {
        var log: [String] = []
        var changes: [EngineChange] = []
    }

    /// - Parameter backend: wraps the simulated chips (e.g. to count calls); defaults to
    ///   them.
    init(_ configuration: Configuration,
         chips: ((VirtualSimulationClock) -> [SimulatedChip])? = nil,
         numbering: SimulatedChip.EventNumbering = .numbered,
         backend wrap: ((SimulatedBackend) -> any GPIOBackend)? = nil,
         simulation: Bool = true) {
        clock = VirtualSimulationClock(scheduler)
        if let chips {
            simulated = SimulatedBackend(chips: chips(clock))
        } else {
            simulated = SimulatedBackend.raspberryPi(clock: clock, numbering: numbering)
        }
        host = ManualEngineHost(scheduler: scheduler,
                                nanoseconds: { UInt64($0.nanoseconds) },
                                schedulerTime: { .init(Int64($0)) })
        let records = self.records
        engine = Engine(configuration: configuration, backend: wrap?(simulated) ?? simulated, host: host,
                        simulation: simulation ? simulated : nil,
                        log: { records.log.append($0) })
        observation = engine.observeChanges { records.changes.append($0) }
    }

    var chip: SimulatedChip { simulated.simulatedChips[0] }
    var log: [String] { records.log }
    var changes: [EngineChange] { records.changes }
    func clearChanges() { records.changes.removeAll() }

    func start() throws(EngineError) {
        try engine.start()
    }

    /// Moves a line to a logical level, as its requester sees it, and lets the engine
    /// read the edge.
    func set(_ line: String, _ active: Bool) {
        chip.setActive(LineLocator(line), active)
        host.pump()
    }

    /// Moves virtual time on, running what falls due, then lets the engine catch up.
    func advance(by duration: Duration) {
        scheduler.advance(by: .init(duration))
        host.pump()
        // A deadline the engine set while catching up may be due already.
        scheduler.advance(by: .zero)
        host.pump()
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

    func input(_ name: String) -> Bool? { snapshot.inputs[name] }
    func signal(_ name: String) -> Bool? { snapshot.signals[name] }
    func output(_ name: String) -> Bool? { snapshot.outputs[name] }

    /// The physical level of a line of the first chip.
    func level(_ line: String) -> Bool? { chip.level(of: LineLocator(line)) }

    /// The logical values written to a line of the first chip, in order.
    func writes(_ line: String) -> [Bool] {
        guard let offset = chip.offset(of: LineLocator(line)) else { return [] }
        return chip.writes.filter { $0.offset == offset }.map(\.value)
    }

    func changes(of kind: EngineChange.Kind, _ name: String) -> [Bool] {
        changes.filter { $0.kind == kind && $0.name == name }.map(\.value)
    }
}

import Config
import Engine
import LoopEmbedded

/// A meter's input counted (`count:`) with a rate on the total (`rate:`), as the water
/// meter example has them.
let engineCounterConfiguration = """
    chips:
      bench: { label: bench }
    inputs:
      meter: { chip: bench, line: 0 }
    signals:
      water: { count: meter, unit: L }
      flow: { rate: water, per: 1m, unit: L/min }
    """

/// Pulses through the engine only: each event is one edge of the meter's line (an
/// interrupt's event, as in the `engine` row), a rising edge every 10 ms and its falling
/// edge 5 ms later, so every other event is a pulse: the total goes up, the rate takes
/// the interval and sets its decay deadline. `pulses_per_s` is what one core takes,
/// two events a pulse. Checks that every pulse was counted.
@MainActor func engineCounterRow() -> Measurement {
    let configuration: Configuration
    do { configuration = try ConfigLoader.parse(engineCounterConfiguration, file: "<bench>") } catch {
        fatalError("\(error)")
    }
    let backend = EngineBenchBackend(lineCount: 1)
    let loop = EmbeddedEventLoop(now: 0)
    let engine = Engine(configuration: configuration, backend: backend, loop: loop)
    do { try engine.start() } catch { fatalError("\(error)") }
    defer { engine.stop() }
    let request = backend.chip.inputRequest(holding: 0)
    let total = events(for: 1)
    var sequence = 0
    var row = measure(name: "engineCounter", n: 1, events: total, warmup: total / 10) { _ in
        let rising = sequence & 1 == 0
        let time = UInt64(sequence >> 1) &* 10_000_000 &+ (rising ? 10_000_000 : 15_000_000)
        request.push(0, rising, at: time)
        loop.dispatch(fd: request.descriptor)
        sequence += 1
    }
    let pulses = (sequence + 1) / 2
    let counted = engine.snapshot().signals["water"]?.number
    precondition(counted == Double(pulses), "engineCounter bench: \(counted.map { "\($0)" } ?? "no total") for \(pulses) pulses")
    let flow = engine.snapshot().signals["flow"]?.number
    precondition(flow == 6000, "engineCounter bench: a flow of \(flow.map { "\($0)" } ?? "nothing"), not 6000 L/min")
    let perSecond = 1e9 / (2 * row.nsPerEvent)
    row.extra.append(("pulses_per_s", "\(Int(perSecond.rounded()))"))
    return row
}

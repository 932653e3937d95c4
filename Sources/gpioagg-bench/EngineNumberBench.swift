import Config
import Engine
import LoopEmbedded

/// Three numeric inputs into a `mean`, a `threshold` on it driving one output line.
let engineNumberConfiguration = """
    chips:
      bench: { label: bench }
    inputs:
      t0: { command: true, type: number, unit: "°C", initial: 40 }
      t1: { command: true, type: number, unit: "°C", initial: 40 }
      t2: { command: true, type: number, unit: "°C", initial: 40 }
    signals:
      inside: { mean: [t0, t1, t2] }
      too_hot: { threshold: inside, above: 50, hysteresis: 1 }
    outputs:
      fan: { chip: bench, line: 0, follows: too_hot }
    """

/// One numeric reading to the resulting output write, through the engine only (a
/// reading as a kernel sensor or `sim set` gives it, `Engine.update` without a
/// command's limits): event `i` sets input `(i / 2) % 3` to 190 (even `i`: the mean
/// rises to 90, the threshold turns on) or back to 40 (odd `i`: 40, off), so each event
/// causes one output write, as in the binary `engine` row at n = 3.
@MainActor func engineNumberRows() -> [Measurement] {
    let configuration: Configuration
    do { configuration = try ConfigLoader.parse(engineNumberConfiguration, file: "<bench>") } catch {
        fatalError("\(error)")
    }
    let backend = EngineBenchBackend(lineCount: 1)
    let chip = backend.chip
    let loop = EmbeddedEventLoop()
    let engine = Engine(configuration: configuration, backend: backend, loop: loop)
    do { try engine.start() } catch { fatalError("\(error)") }
    defer { engine.stop() }
    let nodes: [NodeID] = [.input("t0"), .input("t1"), .input("t2")]
    let readings: [NodeValue] = [.number(190, .none), .number(40, .none)]
    let writesBefore = chip.writeCount
    let total = events(for: 3)
    let row = measure(name: "engineNumber", n: 3, events: total, warmup: total / 10) { i in
        engine.update(nodes[(i >> 1) % 3], to: readings[i & 1])
    }
    let writes = chip.writeCount - writesBefore
    precondition(writes == total * 2 + total / 10, "engineNumber bench: \(writes) writes for \(total) events")
    return [row]
}

import Config
import Engine
import GPIO
import GPIOSimulated
import LoopEmbedded

/// `n` inputs into one `all` signal driving one output, all on one chip (inputs at
/// offsets 0..<n, the output at n).
func engineBenchConfiguration(inputs n: Int, chip locator: ChipLocator) -> Configuration {
    let place = SourceLocation(file: "<bench>", line: 1, column: 1)
    let names = (0..<n).map { "in\($0)" }
    return Configuration(
        chips: [ChipDeclaration(name: "bench", locator: locator, location: place)],
        inputs: names.enumerated().map { offset, name in
            InputDeclaration(name: name, chip: "bench", line: .offset(UInt32(offset)), location: place)
        },
        signals: [SignalDeclaration(name: "all_on", expression: .all(names), location: place)],
        outputs: [OutputDeclaration(name: "led", chip: "bench", line: .offset(UInt32(n)), follows: "all_on",
                                    location: place)],
        file: "<bench>")
}

/// Event `i` turns input `(i / 2) % n` off (even `i`) or back on (odd `i`): with every
/// other input on, each event flips `all_on` and so causes one output write.
@inline(__always)
func engineBenchStep(_ i: Int, inputs n: Int) -> (offset: UInt32, level: Bool) {
    (UInt32((i >> 1) % n), i & 1 == 1)
}

/// One input change to the resulting output write, through the engine only: the edge is
/// handed over in memory, the embedded loop calls the request's handler (no `poll`), and
/// the write lands in memory. `n` = 3, 64 and 1024 inputs into one `all` signal.
@MainActor func engineRows() -> [Measurement] {
    [3, 64, 1024].map { n in
        let backend = EngineBenchBackend(lineCount: n + 1)
        let chip = backend.chip
        for offset in 0..<n { chip.levels[offset] = true }
        let loop = EmbeddedEventLoop()
        let engine = Engine(configuration: engineBenchConfiguration(inputs: n, chip: .label("bench")),
                            backend: backend, loop: loop)
        do { try engine.start() } catch { fatalError("\(error)") }
        defer { engine.stop() }
        let requests = (0..<n).map { chip.inputRequest(holding: UInt32($0)) }
        let writesBefore = chip.writeCount
        let total = events(for: n)
        let row = measure(name: "engine", n: n, events: total, warmup: total / 10) { i in
            let (offset, level) = engineBenchStep(i, inputs: n)
            let request = requests[Int(offset)]
            request.push(offset, level, at: UInt64(i))
            loop.dispatch(fd: request.descriptor)
        }
        let writes = chip.writeCount - writesBefore
        precondition(writes == total * 2 + total / 10, "engine bench: \(writes) writes for \(total) events")
        return row
    }
}

/// The same graph on the simulated backend, end to end: the simulated chip moves the
/// line and signals its event pipe, the embedded loop polls and dispatches, the engine
/// reads the pipe, and the simulated chip records the write.
@MainActor func engineSimulatedRows() -> [Measurement] {
    [3, 64, 1024].map { n in
        let loop = EmbeddedEventLoop()
        let chip = SimulatedChip(name: "gpiochip0", label: "bench", lineCount: n + 1, clock: loop)
        for offset in 0..<n { chip.set(.offset(UInt32(offset)), high: true) }
        let engine = Engine(configuration: engineBenchConfiguration(inputs: n, chip: .label("bench")),
                            backend: SimulatedBackend(chips: [chip]), loop: loop)
        do { try engine.start() } catch { fatalError("\(error)") }
        defer { engine.stop() }
        let total = events(for: n)
        let row = measure(name: "engineSimulated", n: n, events: total, warmup: total / 10) { i in
            let (offset, level) = engineBenchStep(i, inputs: n)
            chip.setActive(.offset(offset), level)
            loop.run()
            if i & 4095 == 0 { chip.clearWrites() }
        }
        return row
    }
}

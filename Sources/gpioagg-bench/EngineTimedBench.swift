import Config
import Engine
import GPIO
import LoopEmbedded

/// One input (offset 0) into `signals`, the output (offset 1) following `follows`: for
/// the rows of the timed forms.
func engineTimedConfiguration(signals: [(String, SignalExpression, Duration?)], follows: String) -> Configuration {
    let place = SourceLocation(file: "<bench>", line: 1, column: 1)
    return Configuration(
        chips: [ChipDeclaration(name: "bench", locator: .label("bench"), location: place)],
        inputs: [InputDeclaration(name: "in0", chip: "bench", line: .offset(0), location: place)],
        signals: signals.map { SignalDeclaration(name: $0.0, expression: $0.1, offDelay: $0.2, location: place) },
        outputs: [OutputDeclaration(name: "led", chip: "bench", line: .offset(1), follows: follows, location: place)],
        file: "<bench>")
}

/// Drives `configuration`'s one input through the engine only (as the `engine` row):
/// the `k`th event of the run (warm-up and both passes counted on, so that time only
/// moves forward) is `level(k)` at `timestamp(k)`. Checks the writes the row must cause,
/// given how many events there were.
@MainActor func engineTimedRow(name: String, configuration: Configuration, expectedWrites: (Int) -> Int,
                               level: @escaping (Int) -> Bool, timestamp: @escaping (Int) -> UInt64) -> Measurement {
    let backend = EngineBenchBackend(lineCount: 2)
    let chip = backend.chip
    let loop = EmbeddedEventLoop(now: 0)
    let engine = Engine(configuration: configuration, backend: backend, loop: loop)
    do { try engine.start() } catch { fatalError("\(error)") }
    defer { engine.stop() }
    let request = chip.inputRequest(holding: 0)
    let writesBefore = chip.writeCount
    let total = events(for: 1)
    let warmup = total / 10
    var sequence = 0
    let row = measure(name: name, n: 1, events: total, warmup: warmup) { _ in
        request.push(0, level(sequence), at: timestamp(sequence))
        loop.dispatch(fd: request.descriptor)
        sequence += 1
    }
    let writes = chip.writeCount - writesBefore
    precondition(writes == expectedWrites(sequence), "\(name) bench: \(writes) writes for \(sequence) events")
    return row
}

/// `engineDelayed`: `any: [in0], off_delay: 1s` driving the output. Events 1 µs apart
/// alternate on and off: each off starts the off-delay (a timer), each on cancels it,
/// so the signal stays on and only the first on writes.
///
/// `engineClick`: `click: in0` into a `toggle` driving the output. Presses of 100 ms,
/// 1 s apart: each press sets the longest-press timer, each release cancels it and sets
/// the gap timer, and the next press, past the gap, decides the click (an activation,
/// the toggle flips: a write) before timing itself.
@MainActor func engineTimedRows() -> [Measurement] {
    let delayed = engineTimedRow(
        name: "engineDelayed",
        configuration: engineTimedConfiguration(signals: [("light", .any(["in0"]), .seconds(1))], follows: "light"),
        expectedWrites: { _ in 1 },
        level: { $0 & 1 == 0 },
        timestamp: { UInt64($0) &* 1_000 &+ 1_000 })
    let click = engineTimedRow(
        name: "engineClick",
        configuration: engineTimedConfiguration(
            signals: [("click", .click("in0", ClickGesture()), nil), ("light", .toggle("click"), nil)],
            follows: "light"),
        // Every press after the first decides the click before it.
        expectedWrites: { $0 / 2 - 1 },
        level: { $0 & 1 == 0 },
        timestamp: { i in UInt64(i >> 1) &* 1_000_000_000 &+ (i & 1 == 1 ? 100_000_000 : 0) &+ 1_000_000_000 })
    return [delayed, click]
}

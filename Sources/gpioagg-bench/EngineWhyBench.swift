import Config
import Engine
import LoopEmbedded

/// `engineWhy`: `explain` (what `gpioagg why` answers) of an `any` over 20,000 command
/// inputs, 8 of them on, spread out; each sample is one whole answer, taken on the
/// engine's loop as the control socket takes it. `lines` and `bytes` say how big the
/// answer is.
@MainActor func engineWhyRow() -> Measurement {
    let n = 20_000
    let place = SourceLocation(file: "<bench>", line: 1, column: 1)
    let names = (0..<n).map { "cmd\($0)" }
    let configuration = Configuration(
        chips: [ChipDeclaration(name: "bench", locator: .label("bench"), location: place)],
        inputs: [],
        signals: [SignalDeclaration(name: "any_on", expression: .any(names), location: place)],
        outputs: [OutputDeclaration(name: "led", chip: "bench", line: .offset(0), follows: "any_on",
                                    location: place)],
        commandInputs: names.map { CommandInputDeclaration(name: $0, location: place) },
        file: "<bench>")
    let loop = EmbeddedEventLoop()
    let engine = Engine(configuration: configuration, backend: EngineBenchBackend(lineCount: 1), loop: loop)
    do { try engine.start() } catch { fatalError("\(error)") }
    defer { engine.stop() }
    for index in stride(from: n / 16, to: n, by: n / 8) { engine.update(.input(names[index]), to: .on) }
    guard let answer = engine.explain("led") else { fatalError("engineWhy bench: no answer") }
    let bytes = answer.reduce(0) { $0 + $1.utf8.count + 1 }
    let runs = quick ? 2 : 20
    return measure(name: "engineWhy", n: n, events: runs, warmup: 1,
                   extra: [("lines", "\(answer.count)"), ("bytes", "\(bytes)")]) { _ in
        sink &+= engine.explain("led")?.count ?? 0
    }
}

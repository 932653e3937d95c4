import Config
import Engine
import LoopEmbedded

/// One input reaching one `all` along `n` + 1 paths: the input itself and `n` `not`s of
/// it, and an `any` over the same: the diamond that a push-based graph evaluates once per
/// path. `all` is off and `any` on in every settled state.
func engineDiamondConfiguration(paths n: Int) -> String {
    var text = "chips:\n  bench: { label: bench }\ninputs:\n  a: { chip: bench, line: 0 }\nsignals:\n"
    for index in 0..<n { text += "  na\(index): { not: a }\n" }
    let names = (["a"] + (0..<n).map { "na\($0)" }).joined(separator: ", ")
    text += "  never: { all: [\(names)] }\n  always: { any: [\(names)] }\n"
    text += "outputs:\n  led: { chip: bench, line: 1, follows: never }\n"
    return text
}

/// Edges of `a` through diamonds of `n` = 1, 8 and 64 paths. `evaluations_per_event` is
/// what the engine counted (`EngineStatistics.evaluations`): one per node the event
/// reaches (`nodes_reached`, the `n` `not`s, `never` and `always`), whatever the number
/// of paths to it. Checks that `never` never turned on (the output was never written).
@MainActor func engineDiamondRows() -> [Measurement] {
    [1, 8, 64].map { n in
        let configuration: Configuration
        do { configuration = try ConfigLoader.parse(engineDiamondConfiguration(paths: n), file: "<bench>") } catch {
            fatalError("\(error)")
        }
        let backend = EngineBenchBackend(lineCount: 2)
        let loop = EmbeddedEventLoop(now: 0)
        let engine = Engine(configuration: configuration, backend: backend, loop: loop)
        do { try engine.start() } catch { fatalError("\(error)") }
        defer { engine.stop() }
        let request = backend.chip.inputRequest(holding: 0)
        let writesBefore = backend.chip.writeCount
        let evaluationsBefore = engine.statistics.evaluations
        let total = events(for: n)
        var sequence = 0
        var row = measure(name: "engineDiamond", n: n, events: total, warmup: total / 10) { _ in
            request.push(0, sequence & 1 == 0, at: UInt64(sequence + 1))
            loop.dispatch(fd: request.descriptor)
            sequence += 1
        }
        let evaluated = engine.statistics.evaluations - evaluationsBefore
        precondition(backend.chip.writeCount == writesBefore, "engineDiamond bench: 'never' turned on")
        let perEvent = Double(evaluated) / Double(sequence)
        precondition(perEvent == Double(n + 2), "engineDiamond bench: \(perEvent) evaluations per event, not \(n + 2)")
        row.extra = [("evaluations_per_event", "\(perEvent)"), ("nodes_reached", "\(n + 2)")]
        return row
    }
}

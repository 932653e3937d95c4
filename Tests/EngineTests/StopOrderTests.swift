import Config
@testable import Engine
import GPIO
import Testing

@Suite("Stopping a large graph")
struct StopOrderTests {
    /// One input `a`, `count` signals `not: a`, and `led` following the first.
    static func manySignals(_ count: Int) -> Configuration {
        var configuration = Fixtures.signal(.not("a"))
        configuration.signals = (0..<count).map { index in
            SignalDeclaration(name: "s\(index)", expression: .not("a"), location: Fixtures.at(20 + index))
        }
        configuration.outputs[0].follows = "s0"
        configuration.outputs[0].safe = false
        return configuration
    }

    @Test("the safe values are written before any pipeline is taken apart")
    func safeValuesFirst() throws {
        let harness = EngineHarness(Self.manySignals(2_000))
        try harness.start()
        #expect(harness.output("led") == true, "not: a, with a off")
        var pipelinesAtSafeWrite: Int?
        let observation = harness.engine.observeChanges { [engine = harness.engine] change in
            if change.cause == .safeState { pipelinesAtSafeWrite = engine.cancellables.count }
        }
        let pipelines = harness.engine.cancellables.count
        harness.engine.stop()
        #expect(pipelinesAtSafeWrite == pipelines, "the graph was still whole when the safe value went out")
        #expect(harness.engine.cancellables.isEmpty)
        #expect(harness.writes("GPIO5").last == false)
        observation.cancel()
    }

    @Test("stop lets go of a level's subscribers at once, so that no cancellation searches them")
    func levelsDropTheirSubscribers() throws {
        let harness = EngineHarness(Self.manySignals(2_000))
        try harness.start()
        let input = try #require(harness.engine.inputs.first { $0.name == "a" })
        #expect(input.level.subscriberCount == 2_000)
        harness.engine.stop()
        #expect(input.level.subscriberCount == 0)
    }
}

import Config
import Engine
import GPIOSimulated
import Logging
import LoopEmbedded
@testable import Service
import Simulation
import TestSupport
import Testing
import Values
import Web

/// What the web feed hears of an engine: one batch per transaction, with the settled
/// values only, so that the page never shows a state that never existed.
@Suite("Web: the engine's changes handed to the feed one transaction at a time")
struct WebChangeCollectorTests {
    /// A diamond: `na` is `not a`, and `glitch` is `all: [a, na]`, off in every settled
    /// state; `either` follows `a` through two paths.
    static let config = """
        inputs:
          a: { command: true }
          b: { command: true }
        signals:
          na: { not: a }
          glitch: { all: [a, na] }
          either: { any: [a, na, b] }
        """

    final class Rig {
        let loop = EmbeddedEventLoop()
        let engine: Engine
        var batches: [SettledChanges] = []
        private var collector: WebChangeCollector?
        private var observation: Any?

        init() throws {
            let configuration = try ConfigLoader.parse(WebChangeCollectorTests.config, file: "gpioagg.yaml")
            let logger = Logger(label: "test") { _ in RecordingLogHandler(entries: .init([])) }
            let chips = SimulatedBackend.simulating(configuration, clock: loop)
            engine = Engine(configuration: configuration, backend: chips, loop: loop, logger: logger)
            try engine.start()
            let collector = WebChangeCollector(loop: loop) { [unowned self] in batches.append($0) }
            observation = collector.observe(engine)
            self.collector = collector
            _ = loop.run()
        }

        deinit { engine.stop() }
    }

    @Test("a set that moves a and not a is one batch of both; the all of them never shows on")
    func diamond() throws {
        let rig = try Rig()
        rig.loop.advance(by: .seconds(5))
        let wall = rig.loop.wallClockNow / 1_000_000
        _ = rig.engine.set("a", .command(.on))
        #expect(rig.batches.isEmpty, "handed over once the loop's turn is done")
        _ = rig.loop.run()
        _ = rig.engine.set("a", .command(.off))
        _ = rig.loop.run()
        #expect(rig.batches.count == 2)
        #expect(rig.batches.first?.time == wall)
        #expect(rig.batches.map { $0.changes.map(\.node.name) } == [["a", "na"], ["a", "na"]])
        #expect(rig.batches.map { $0.changes.map(\.value) } == [[.on, .off], [.off, .on]])
        #expect(!rig.batches.contains { $0.changes.contains { $0.node.name == "glitch" || $0.node.name == "either" } },
                "glitch stays off and either stays on in every settled state")
    }

    @Test("sets in one transaction are one batch; two transactions in one turn of the loop keep each node's last value")
    func transactions() throws {
        let rig = try Rig()
        rig.engine.transaction {
            _ = rig.engine.set("a", .command(.on))
            _ = rig.engine.set("b", .command(.on))
        }
        _ = rig.engine.set("b", .command(.off))
        _ = rig.loop.run()
        #expect(rig.batches.count == 1)
        let changes = try #require(rig.batches.first?.changes)
        #expect(Dictionary(uniqueKeysWithValues: changes.map { ($0.node.name, $0.value) })
            == ["a": .on, "na": .off, "b": .off])
    }
}

import Config
@testable import Engine
import GPIO
import GPIOSimulated
import LoopEmbedded
import Testing
import Values

/// What `/metrics` reads of an engine: the edges it read and the transactions it ran
/// (`EngineStatistics`), and how late each transaction ended (`recordLag`). Each counter
/// moves when its event happens and not otherwise.
@Suite("The engine counts edges and transactions, and tells how late each ended")
struct TransactionCountTests {
    static let config = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          button: { chip: main, line: GPIO17 }
          enable: { command: true }
        signals:
          lit: { all: [button, enable] }
          held: { any: [button], off_delay: 50ms }
        outputs:
          lamp: { chip: main, line: GPIO5, follows: lit }
          fan: { chip: main, line: GPIO6, follows: held }
        """

    static func harness(kernelClock: EmbeddedEventLoop? = nil) throws -> EngineHarness {
        let configuration = try ConfigLoader.parse(config, file: "count.yaml")
        guard let kernelClock else { return EngineHarness(configuration) }
        // The chip stamps its edges on a clock of its own, as the kernel does: a test
        // can then let the loop's time pass before the loop reads them.
        return EngineHarness(configuration, chips: { _ in
            [SimulatedChip(BoardProfile.pi4.headerController, clock: kernelClock)]
        })
    }

    @Test("an edge is one transaction; edges with one timestamp are one; reading the engine counts nothing")
    func edges() throws {
        let harness = try Self.harness()
        try harness.start()
        #expect(harness.engine.statistics.transactions == 0, "the start's writes are no transaction")
        #expect(harness.engine.statistics.inputEvents == 0)

        harness.set("GPIO17", true)
        #expect(harness.engine.statistics.inputEvents == 1)
        #expect(harness.engine.statistics.transactions == 1)

        // Two edges made at one virtual instant: read together, one transaction.
        harness.chip.setActive(LineLocator("GPIO17"), false)
        harness.chip.setActive(LineLocator("GPIO17"), true)
        harness.loop.run()
        #expect(harness.engine.statistics.inputEvents == 3)
        #expect(harness.engine.statistics.transactions == 2)

        _ = harness.engine.snapshot()
        _ = harness.engine.explain("lamp")
        harness.loop.run()
        #expect(harness.engine.statistics.transactions == 2)
        #expect(harness.engine.statistics.inputEvents == 3)
    }

    @Test("a command is one transaction and no edge; several in transaction(_:) are one")
    func commands() throws {
        let harness = try Self.harness()
        try harness.start()
        harness.engine.set("enable", .on)
        #expect(harness.engine.statistics.transactions == 1)
        #expect(harness.engine.statistics.inputEvents == 0)

        harness.engine.transaction {
            harness.engine.set("enable", .off)
            harness.engine.set("enable", .on)
        }
        #expect(harness.engine.statistics.transactions == 2)
    }

    @Test("a timer of the graph is one transaction when it fires, none before")
    func timers() throws {
        let harness = try Self.harness()
        try harness.start()
        harness.set("GPIO17", true)
        harness.set("GPIO17", false)
        #expect(harness.engine.statistics.transactions == 2)
        harness.advance(by: .milliseconds(49))
        #expect(harness.engine.statistics.transactions == 2)
        #expect(harness.output("fan") == .level(true))
        harness.advance(by: .milliseconds(1))
        #expect(harness.output("fan") == .level(false))
        #expect(harness.engine.statistics.transactions == 3)
    }

    @Test("recordLag hears each transaction once: from the edge's timestamp, the timer's deadline, the set's start")
    func lag() throws {
        let kernel = EmbeddedEventLoop(now: 0)
        let harness = try Self.harness(kernelClock: kernel)
        var lags: [Duration] = []
        harness.engine.recordLag = { lags.append($0) }
        try harness.start()
        #expect(lags.isEmpty, "the start is no transaction")

        // Stamped at 0 by the chip's clock, read by the loop 3 ms later.
        harness.advance(by: .milliseconds(3))
        harness.chip.setActive(LineLocator("GPIO17"), true)
        harness.loop.run()
        #expect(lags == [.milliseconds(3)])

        // Two edges with one stamp and a third with another: two transactions.
        kernel.advance(by: .milliseconds(1))
        harness.chip.setActive(LineLocator("GPIO17"), false)
        harness.chip.setActive(LineLocator("GPIO17"), true)
        kernel.advance(by: .milliseconds(1))
        harness.chip.setActive(LineLocator("GPIO17"), false)
        harness.loop.run()
        #expect(lags.dropFirst() == [.milliseconds(2), .milliseconds(1)])
        #expect(harness.engine.statistics.transactions == 3)

        // Virtual time stands still while the loop works: a timer run at its deadline
        // and a command are on time.
        lags = []
        harness.advance(by: .milliseconds(50))
        #expect(harness.output("fan") == .level(false))
        harness.engine.set("enable", .on)
        #expect(lags == [.zero, .zero])
        #expect(harness.engine.statistics.transactions == 5)
    }

    @Test("a timer run after its deadline is as late as the loop was")
    func lateTimer() throws {
        let harness = try Self.harness()
        var lags: [Duration] = []
        harness.engine.recordLag = { lags.append($0) }
        try harness.start()
        harness.advance(by: .milliseconds(20))
        // Due 15 ms ago: the loop runs it now.
        _ = harness.engine.timers.schedule(at: harness.loop.now - 15_000_000) {}
        harness.advance(by: .zero)
        #expect(lags == [.milliseconds(15)])
    }
}

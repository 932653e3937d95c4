import Config
import Engine
import GPIO
import Testing

@Suite("Stopping")
struct StopTests {
    @Test("stop drives outputs safe once, releases every line, and is idempotent")
    func stopIsIdempotent() throws {
        var configuration = Fixtures.example
        configuration.outputs[0].safe = true   // lit when stopped: the write shows
        let harness = EngineHarness(configuration)
        try harness.start()
        #expect(harness.loop.watchedDescriptors.count == 1)
        harness.engine.stop()
        harness.engine.stop()
        #expect(harness.writes("GPIO5") == [false, true])
        #expect(harness.snapshot.outputs == ["ready_led": true])
        #expect(harness.loop.watchedDescriptors.isEmpty)
        for line in ["GPIO5", "GPIO17", "GPIO27", "22"] {
            #expect(harness.chip.consumer(of: LineLocator(line)) == nil)
        }
        #expect(harness.engine.isRunning == false)
    }

    @Test("after stop, edges and pending deadlines change nothing")
    func nothingAfterStop() throws {
        let harness = EngineHarness(Fixtures.example)
        try harness.start()
        harness.set("GPIO17", true)        // a debounce deadline is pending
        harness.engine.stop()
        let changes = harness.changes.count
        harness.advance(by: .milliseconds(20))
        #expect(harness.changes.count == changes)
        #expect(harness.input("switch1") == false)
    }

    @Test("stop before start does nothing, and releasing the engine stops it")
    func stopBeforeStartAndRelease() throws {
        let harness = EngineHarness(Fixtures.example)
        harness.engine.stop()
        #expect(harness.chip.writes.isEmpty)

        var configuration = Fixtures.example
        configuration.outputs[0].safe = true
        let other = EngineHarness(configuration)
        var engine: Engine? = Engine(configuration: configuration, backend: other.simulated, loop: other.loop)
        try engine?.start()
        #expect(other.chip.consumer(of: .name("GPIO5")) == "gpioagg")
        engine = nil
        #expect(other.chip.consumer(of: .name("GPIO5")) == nil)
        #expect(other.writes("GPIO5") == [false, true])
    }
}

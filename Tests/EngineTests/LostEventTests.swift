import Config
import Engine
import GPIO
import GPIOSimulated
import Testing

@Suite("Lost events through the engine")
struct LostEventTests {
    @Test("a burst that overflows the event buffer ends at the right level, and is logged",
          arguments: [SimulatedChip.EventNumbering.numbered, .unnumbered])
    func burstEndsAtTheRightLevel(numbering: SimulatedChip.EventNumbering) throws {
        let harness = EngineHarness(Fixtures.signal(.not("a")), numbering: numbering)
        try harness.start()
        // 301 toggles while the engine is not reading: far more than the kernel keeps.
        for _ in 0..<301 { harness.chip.toggle(.name("GPIO2")) }
        harness.loop.run()
        #expect(harness.input("a") == true)
        #expect(harness.signal("s") == false)
        #expect(harness.level("GPIO5") == false)
        #expect(harness.engine.statistics.lostEventGaps >= 1)
        let line = try #require(harness.log.first { $0.hasPrefix("lost events on inputs a, b, c on gpiochip0 [pinctrl-bcm2711]: ") })
        switch numbering {
        case .numbered: #expect(line.contains("the kernel dropped"))
        case .unnumbered: #expect(line.contains("full buffer") || line.contains("two edges of the same kind"))
        }
        #expect(line.contains("re-read the lines"))

        // And it goes on following the line afterwards.
        harness.set("GPIO2", false)
        #expect(harness.signal("s") == true)
    }
}

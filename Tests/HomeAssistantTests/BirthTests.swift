import HomeAssistant
import Testing
import TestSupport

/// A random source that returns the values it was given, in turn.
struct ScriptedRandom: RandomNumberGenerator {
    var values: [UInt64]
    var position = 0

    mutating func next() -> UInt64 {
        defer { position += 1 }
        return values[position % values.count]
    }
}

@Suite("Home Assistant birth")
struct BirthTests {
    @Test("the birth: online on <discovery prefix>/status")
    func birth() {
        #expect(HomeAssistantBirth.online == "online")
        #expect(Fixtures.node.birthTopic == "homeassistant/status")
    }

    @Test("the republish delay: 1 s plus the draw modulo 4,001 ms, so from 1 s to 5 s, both included", arguments: [
        (UInt64(0), Duration.seconds(1)), (1, .milliseconds(1_001)), (4_000, .seconds(5)), (4_001, .seconds(1)),
        (UInt64.max, .milliseconds(1_000 + Int64(UInt64.max % 4_001))),
    ])
    func fromTheDraw(draw: UInt64, expected: Duration) {
        var source = ScriptedRandom(values: [draw])
        #expect(HomeAssistantBirth.republishDelay(using: &source) == expected)
        #expect(source.position == 1)
        #expect(HomeAssistantBirth.republishDelays == .seconds(1) ... .seconds(5))
    }

    @Test("the same seed gives the same delays; many delays stay within range, in whole milliseconds, and spread")
    func seeded() {
        var first = SplitMix64(state: 42)
        var second = SplitMix64(state: 42)
        let delays = (0..<2_000).map { _ in HomeAssistantBirth.republishDelay(using: &first) }
        #expect(delays == (0..<2_000).map { _ in HomeAssistantBirth.republishDelay(using: &second) })
        #expect(delays.allSatisfy { HomeAssistantBirth.republishDelays.contains($0) })
        #expect(delays.allSatisfy { $0.components.attoseconds % 1_000_000_000_000_000 == 0 })
        #expect(delays.contains { $0 < .seconds(2) })
        #expect(delays.contains { $0 > .seconds(4) })
        #expect(Set(delays).count > 1_000)
    }
}

@testable import PWMSimulated
import PWM
import Testing

/// `--simulate` runs for days: what the simulated controllers keep of the writes stays
/// bounded however often an output changes, as a simulated chip's write history does.
@Suite("Simulated PWM history")
struct SimulatedPWMHistoryTests {
    @Test("a channel written 5,000 times keeps the last 1,024 states, in order, and holds at most twice that")
    func bounded() throws {
        let backend = SimulatedPWMBackend(controllers: [.init(deviceName: "fe20c000.pwm", number: 0, channelCount: 2)])
        let channel = try backend.channel(1, of: .device("fe20c000.pwm"))
        #expect(try channel.attempt())
        // Each differs from the one before: every one is applied.
        let states = try (0..<5000).map { try PWMState(hertz: 25_000, percent: Double($0 % 101)) }
        for state in states { try channel.apply(state) }
        let history = backend.history(of: "fe20c000.pwm", channel: 1)
        #expect(history.count == 1024)
        // Compared whole, without printing 1,024 states when it fails.
        #expect(history.elementsEqual(states.suffix(1024)), "from \(String(describing: history.first))")
        let stored = try #require(channel as? SimulatedPWMChannel)
        #expect(stored.recorded.count < 2 * 1024)
    }
}

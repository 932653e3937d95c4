@testable import Config
import Testing

@Suite("Durations in config files")
struct DurationTextTests {
    @Test("units and decimals read exactly", arguments: [
        ("0", Duration.zero), ("0s", .zero), ("10ms", .milliseconds(10)), ("500us", .microseconds(500)),
        ("500µs", .microseconds(500)), ("250ns", .nanoseconds(250)), ("2s", .seconds(2)),
        ("1.5ms", .microseconds(1500)), ("0.001s", .milliseconds(1)), ("1.000000001s", .nanoseconds(1_000_000_001)),
    ])
    func parses(text: String, expected: Duration) {
        #expect(DurationText.parse(text) == .value(expected))
    }

    @Test("anything else is explained", arguments: [
        ("10", "has no unit"), ("10 ms", "is not a duration"), ("-5ms", "is negative"), ("ms", "is not a duration"),
        ("1.5ns", "finer than a nanosecond"), ("1e3ms", "is not a duration"), ("fast", "is not a duration"),
        ("99999999999999999999s", "too long"), ("2000000s", "too long"), (".5s", "is not a duration"),
    ])
    func rejects(text: String, problem: String) {
        guard case .invalid(let message, _) = DurationText.parse(text) else {
            Issue.record("'\(text)' was accepted")
            return
        }
        #expect(message.contains(problem), "\(message)")
    }

    @Test("durations are written in the largest exact unit", arguments: [
        (Duration.zero, "0"), (.milliseconds(10), "10ms"), (.microseconds(1500), "1500us"), (.seconds(2), "2s"),
        (.nanoseconds(7), "7ns"),
    ])
    func formats(duration: Duration, text: String) {
        #expect(ConfigText.duration(duration) == text)
    }
}

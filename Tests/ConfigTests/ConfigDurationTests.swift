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

    @Test("minutes and hours, and several units, the larger first", arguments: [
        ("2m", Duration.seconds(120)), ("1h", .seconds(3600)), ("1m59s", .seconds(119)), ("1h0m5s", .seconds(3605)),
        ("1h30m", .seconds(5400)), ("1s500ms", .milliseconds(1500)), ("1.5m", .seconds(90)),
        ("2m0.25s", .milliseconds(120_250)), ("1ms1us1ns", .nanoseconds(1_001_001)), ("277h46m40s", .seconds(1_000_000)),
    ])
    func compound(text: String, expected: Duration) {
        #expect(DurationText.parse(text) == .value(expected))
    }

    @Test("units out of order, repeated, or a number without its unit are explained", arguments: [
        ("1s1m", "'1s1m' is not a duration", "write the larger units first, each once, e.g. 1m30s"),
        ("1m1m", "'1m1m' is not a duration", "write the larger units first, each once, e.g. 1m30s"),
        ("1us1µs", "'1us1µs' is not a duration", "write the larger units first, each once, e.g. 1m30s"),
        ("1m30", "the duration '1m30' has no unit after 30", "e.g. 10ms or 1m30s"),
        ("1h 30m", "'1h 30m' is not a duration", "(units: ns, us, ms, s, m, h)"),
        ("1m-5s", "'1m-5s' is not a duration", "(units: ns, us, ms, s, m, h)"),
        ("-1m30s", "the duration '-1m30s' is negative", "(units: ns, us, ms, s, m, h)"),
        ("278h", "the duration '278h' is too long", "(units: ns, us, ms, s, m, h)"),
        ("277h46m41s", "the duration '277h46m41s' is too long", "(units: ns, us, ms, s, m, h)"),
        ("1m.5s", "'1m.5s' is not a duration", "(units: ns, us, ms, s, m, h)"),
    ])
    func compoundRejected(text: String, message: String, hint: String) {
        guard case .invalid(let found, let foundHint) = DurationText.parse(text) else {
            Issue.record("'\(text)' was accepted")
            return
        }
        #expect(found == message)
        #expect(foundHint.contains(hint), "\(foundHint)")
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

    @Test("config values are written as people write them", arguments: [
        (Duration.zero, "0s"), (.milliseconds(10), "10ms"), (.microseconds(1500), "1.5ms"), (.seconds(2), "2s"),
        (.nanoseconds(7), "7ns"), (.seconds(120), "2m"), (.seconds(600), "10m"),
    ])
    func formats(duration: Duration, text: String) {
        #expect(ConfigText.duration(duration) == text)
    }
}

import Config
import Scenario
import Testing

@Suite("Scenario time, written compactly")
struct ElapsedTimeTests {
    @Test("the largest units first, seconds with their fraction", arguments: [
        (Duration.zero, "0s"), (.nanoseconds(7), "7ns"), (.microseconds(12), "12us"), (.microseconds(1500), "1.5ms"),
        (.milliseconds(250), "250ms"), (.seconds(1), "1s"), (.milliseconds(1020), "1.02s"), (.seconds(59), "59s"),
        (.seconds(120), "2m0s"), (.seconds(121), "2m1s"), (.milliseconds(60_500), "1m0.5s"),
        (.seconds(3605), "1h0m5s"), (.seconds(25 * 3600), "25h0m0s"), (.nanoseconds(3_600_000_000_001), "1h0m0.000000001s"),
    ])
    func formats(duration: Duration, text: String) {
        #expect(ElapsedTime.format(duration) == text)
    }

    @Test("every spelling reads back in the duration grammar", arguments: [
        Duration.nanoseconds(7), .microseconds(1500), .milliseconds(60_500), .seconds(3605), .seconds(120),
        .nanoseconds(3_600_000_000_001),
    ])
    func readsBack(duration: Duration) {
        #expect(DurationText.parse(ElapsedTime.format(duration)) == .value(duration))
    }
}

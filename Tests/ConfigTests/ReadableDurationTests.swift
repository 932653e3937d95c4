import Config
import Testing

/// How a duration is written for people: `why`'s times, `check`'s values and the
/// command line's messages.
@Suite("Durations written for people")
struct ReadableDurationTests {
    @Test("the largest units first, zero parts left out", arguments: [
        (Duration.seconds(72), "1m12s"), (.seconds(180), "3m"), (.seconds(600), "10m"), (.milliseconds(1500), "1.5s"),
        (.milliseconds(250), "250ms"), (.seconds(5400), "1h30m"), (.seconds(3605), "1h5s"), (.seconds(3600), "1h"),
        (.milliseconds(60_500), "1m0.5s"), (.seconds(25 * 3600), "25h"), (.seconds(59), "59s"), (.zero, "0s"),
        (.microseconds(1500), "1.5ms"), (.microseconds(12), "12us"), (.nanoseconds(7), "7ns"), (.nanoseconds(1500), "1.5us"),
    ])
    func formats(duration: Duration, text: String) {
        #expect(ReadableDuration.format(duration) == text)
    }

    @Test("no finer than a millisecond from a second up, three decimals of the unit below", arguments: [
        (UInt64(174_606_980_485), "2m54.607s"), (1_000_400_000, "1s"), (1_000_500_000, "1.001s"),
        (59_999_600_000, "1m"), (3_599_999_999_999, "1h"), (12_345_678, "12.346ms"), (999_999_600, "1s"),
        (3_600_000_000_001, "1h"),
    ])
    func rounds(nanoseconds: UInt64, text: String) {
        #expect(ReadableDuration.format(nanoseconds: nanoseconds) == text)
    }

    @Test("every spelling reads back in the duration grammar", arguments: [
        Duration.seconds(72), .seconds(180), .seconds(5400), .seconds(3605), .milliseconds(60_500), .microseconds(1500),
        .nanoseconds(7), .milliseconds(2_054_607),
    ])
    func readsBack(duration: Duration) {
        #expect(DurationText.parse(ReadableDuration.format(duration)) == .value(duration))
    }
}

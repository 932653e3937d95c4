import Testing
import Values
import Web

/// `gpioagg_loop_lag_seconds` as `/metrics` shows it. The expected text follows
/// Prometheus's exposition format (prometheus.io/docs/instrumenting/exposition_formats,
/// "Histograms and summaries"): each `_bucket{le="B"}` counts the observations at most
/// B, so the buckets only grow; `le="+Inf"` equals `_count`; `_sum` adds them all up.
/// The counts below are worked out by hand from the recorded lags.
@Suite("/metrics: the loop's lag as a histogram")
struct LoopLagHistogramTests {
    static func lines(_ lag: LoopLagHistogram?) -> [String] {
        let text = MetricsText.render(snapshot: EngineSnapshot(), counters: [], lag: lag)
        return String(decoding: text, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test("buckets from 50 µs to 1 s, cumulative; +Inf, _count and _sum right")
    func cumulative() {
        let lag = LoopLagHistogram()
        for recorded: Duration in [.microseconds(30), .microseconds(80), .microseconds(80), .milliseconds(3), .seconds(2)] {
            lag.record(recorded)
        }
        let lines = Self.lines(lag)
        #expect(lines.contains("# TYPE gpioagg_loop_lag_seconds histogram"), "\(lines)")
        let expected = [
            ("0.00005", 1), ("0.0001", 3), ("0.00025", 3), ("0.0005", 3), ("0.001", 3), ("0.0025", 3),
            ("0.005", 4), ("0.01", 4), ("0.025", 4), ("0.05", 4), ("0.1", 4), ("0.25", 4), ("0.5", 4),
            ("1.0", 4), ("+Inf", 5),
        ]
        let buckets = lines.filter { $0.hasPrefix("gpioagg_loop_lag_seconds_bucket") }
        #expect(buckets == expected.map { #"gpioagg_loop_lag_seconds_bucket{le="\#($0.0)"} \#($0.1)"# })
        #expect(lines.contains("gpioagg_loop_lag_seconds_count 5"))
        #expect(lines.contains("gpioagg_loop_lag_seconds_sum 2.00319"))
    }

    @Test("the counts persist from one scrape to the next; nothing recorded is all zeros; no histogram without one")
    func persists() {
        let lag = LoopLagHistogram()
        #expect(Self.lines(lag).contains("gpioagg_loop_lag_seconds_count 0"))
        #expect(Self.lines(lag).contains(#"gpioagg_loop_lag_seconds_bucket{le="+Inf"} 0"#))
        lag.record(.microseconds(120))
        #expect(Self.lines(lag).contains("gpioagg_loop_lag_seconds_count 1"))
        lag.record(.microseconds(40))
        let second = Self.lines(lag)
        #expect(second.contains("gpioagg_loop_lag_seconds_count 2"))
        #expect(second.contains(#"gpioagg_loop_lag_seconds_bucket{le="0.00005"} 1"#))
        #expect(second.contains(#"gpioagg_loop_lag_seconds_bucket{le="0.00025"} 2"#))
        #expect(!Self.lines(nil).contains { $0.contains("gpioagg_loop_lag_seconds") })
    }
}

import Prometheus

/// `gpioagg_loop_lag_seconds`: how late the daemon's loop ended each transaction after
/// what caused it (an edge's timestamp, a timer's deadline, the moment a set from
/// outside was taken up, to the write of the outputs it decided; `Engine.recordLag`),
/// as a Prometheus histogram with buckets from 50 µs to 1 s.
///
/// Unlike the rest of `/metrics`, which a registry made at scrape time shows, the
/// histogram lives in a registry of its own for the daemon's life: its buckets count on
/// from one scrape to the next. swift-prometheus's `Histogram` keeps them under a lock of
/// its own, so the loop records straight into it (an uncontended lock and a few adds, no
/// allocation) and a scrape reads it from the server's thread; counting on the loop
/// instead would mean writing out its cumulative `le` buckets, `_sum` and `_count` here,
/// which swift-prometheus already does. Made only when the config has `web:`: without
/// it, the engine records nothing and reads no clock for it.
///
/// ```swift
/// let lag = LoopLagHistogram()
/// engine.recordLag = { lag.record($0) }
/// lag.record(.microseconds(80))   // counted in the buckets le="0.0001" and up
/// ```
public final class LoopLagHistogram: Sendable {
    public static let name = "gpioagg_loop_lag_seconds"
    /// The buckets' upper bounds: 50 µs to 1 s, about three a decade.
    public static let buckets: [Duration] = [
        .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500),
        .milliseconds(1), .microseconds(2_500), .milliseconds(5), .milliseconds(10),
        .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
        .milliseconds(500), .seconds(1),
    ]

    private let registry = PrometheusCollectorRegistry()
    private let histogram: DurationHistogram

    public init() {
        let help = "How late the loop ended each transaction after its cause: an edge's timestamp, a timer's deadline, a set's arrival, to its outputs' write"
        histogram = registry.makeDurationHistogram(
            descriptor: MetricNameDescriptor(metricName: Self.name, unitName: "", helpText: help),
            buckets: Self.buckets)
    }

    /// Counts one transaction that ended `lag` after its cause.
    public func record(_ lag: Duration) {
        histogram.record(lag)
    }

    /// Appends the histogram in Prometheus's text format.
    func emit(into buffer: inout [UInt8]) {
        registry.emit(into: &buffer)
    }
}

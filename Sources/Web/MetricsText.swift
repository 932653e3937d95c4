import Prometheus
import Values

/// `/metrics` in Prometheus's text format, made at scrape time from the engine's
/// snapshot and the daemon's counters: every input's, signal's and output's value as
/// `gpioagg_node_value{node="...",kind="..."}` (a level as 0 or 1, a number as it is,
/// an unavailable one absent), then the counters.
///
/// A registry of swift-prometheus's is filled for each scrape, so that a node a reload
/// removed is gone from the next scrape and nothing is kept between scrapes; the loop's
/// lag, a histogram, lives in a registry of its own (`LoopLagHistogram`) and is
/// appended.
///
/// ```swift
/// MetricsText.render(snapshot: snapshot, counters: [])
/// // # TYPE gpioagg_node_value gauge
/// // gpioagg_node_value{node="switch1",kind="input"} 1.0 ...
/// ```
public enum MetricsText {
    public static let nodeValue = "gpioagg_node_value"
    /// The content type Prometheus's text format is served with.
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    public static func render(snapshot: EngineSnapshot, counters: [MetricCounter],
                              lag: LoopLagHistogram? = nil) -> [UInt8] {
        let registry = PrometheusCollectorRegistry()
        let help = "The node's value: a level as 0 or 1, a number in its unit; absent while unavailable"
        let nodes = snapshot.values.sorted { ($0.key.kind, $0.key.name) < ($1.key.kind, $1.key.name) }
        for (id, value) in nodes {
            guard [.input, .signal, .output].contains(id.kind), let number = gaugeValue(of: value) else { continue }
            registry.makeGauge(descriptor: MetricNameDescriptor(metricName: nodeValue, unitName: "", helpText: help),
                               labels: [("node", id.name), ("kind", id.kind.rawValue)])
                .set(to: number)
        }
        for counter in counters {
            registry.makeCounter(descriptor: MetricNameDescriptor(metricName: counter.name, unitName: "", helpText: counter.help),
                                 labels: counter.labels)
                .increment(by: counter.value)
        }
        var text = registry.emitToBuffer()
        lag?.emit(into: &text)
        return text
    }

    /// A level as 0 or 1, a number as it is (a PWM output's duty cycle in percent); nil
    /// for unavailable and for a cover's state.
    static func gaugeValue(of value: NodeValue) -> Double? {
        switch value {
        case .level(let on): on ? 1 : 0
        case .number(let number, _): number
        case .cover, .unavailable: nil
        }
    }
}

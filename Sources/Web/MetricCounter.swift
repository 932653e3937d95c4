/// One counter the daemon keeps, as `/metrics` shows it: a name in Prometheus's form
/// (`gpioagg_reloads_total`), what it counts, its labels and its value.
///
/// ```swift
/// MetricCounter(name: "gpioagg_lost_edges_total", help: "Edges the kernel dropped",
///               labels: [("input", "meter")], value: 3)
/// ```
public struct MetricCounter: Sendable {
    public var name: String
    public var help: String
    public var labels: [(String, String)]
    public var value: Int64

    public init(name: String, help: String, labels: [(String, String)] = [], value: Int64) {
        self.name = name
        self.help = help
        self.labels = labels
        self.value = value
    }
}

/// A counter's `period:` as the engine counts it: which calendar period its total counts,
/// since when, and the total of the period before. `status` shows it beside the total,
/// Home Assistant reads it as the counter's attributes, and the state file keeps it with
/// the total (`persist: true`).
///
/// ```swift
/// // rain_today: { count: rain_tip, multiply: 0.2794, unit: mm, period: day }
/// PeriodTotals(period: "day", start: 1_780_005_600, startText: "2026-06-21T00:00:00+02:00", last: 3.35)
/// ```
public struct PeriodTotals: Hashable, Sendable {
    /// `day`, `week`, `month` or `year`.
    public var period: String
    /// When the period the total counts began, in seconds since 1970 (UTC); nil until the
    /// clock is trusted and the period is known.
    public var start: Int64?
    /// `start` in local time with its offset (ISO 8601, `2026-06-21T00:00:00+02:00`), so
    /// that what shows it needs no zone rules.
    public var startText: String?
    /// The total of the period before; nil until one ended.
    public var last: Double?

    public init(period: String, start: Int64? = nil, startText: String? = nil, last: Double? = nil) {
        self.period = period
        self.start = start
        self.startText = startText
        self.last = last
    }

    /// For people: `this day since 2026-06-22 00:00; last day 3.35 mm`, or `the day
    /// waits for a synchronized clock` while its start is not known; the last total
    /// only once one ended.
    public func text(unit: MeasurementUnit?, precision: Int) -> String {
        guard let startText else { return "the \(period) waits for a synchronized clock" }
        let local = startText.prefix(10) + " " + startText.dropFirst(11).prefix(5)
        let last = last.map { "; last \(period) " + NodeValue.number($0, unit ?? .none).text(precision: precision) } ?? ""
        return "this \(period) since \(local)\(last)"
    }
}

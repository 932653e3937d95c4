/// `rate: NAME, per: D` under `signals:`: how fast a number grows, per `per`. Of a
/// counter, from the time between its pulses; of another number, from the time between
/// its changes. It decays once the time since the last pulse exceeds the interval
/// before it, and is 0 after `timeout`.
///
/// ```swift
/// // flow: { rate: water, per: 1m, unit: L/min }
/// RateDeclaration(per: .seconds(60))
/// ```
public struct RateDeclaration: Hashable, Sendable {
    /// The time the rate is given per (`per:`, default 1s).
    public var per: Duration
    /// `timeout:`: no pulse for this long and the rate is 0; nil, five times the last
    /// interval between pulses.
    public var timeout: Duration?

    public static let defaultPer = Duration.seconds(1)

    public init(per: Duration = Self.defaultPer, timeout: Duration? = nil) {
        self.per = per
        self.timeout = timeout
    }
}

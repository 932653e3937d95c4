/// `rate: NAME, per: D` under `signals:`: how fast a number grows, per `per`. Of a
/// counter, from the time between its pulses; of another number, from the time between
/// its changes. It decays once the next pulse is overdue (a quarter of the last interval
/// late), and is 0 after `timeout`. With `window: W` it is instead what the last `W`
/// (sliding) added, per `per`: 0 once a whole window has no pulse.
///
/// ```swift
/// // flow: { rate: water, per: 1m, unit: L/min }
/// RateDeclaration(per: .seconds(60))
/// // wind: { rate: turns, per: 1s, window: 10s }
/// RateDeclaration(per: .seconds(1), window: .seconds(10))
/// ```
public struct RateDeclaration: Hashable, Sendable {
    /// The time the rate is given per (`per:`, default 1s).
    public var per: Duration
    /// `timeout:`: no pulse for this long and the rate is 0; nil, five times the last
    /// interval between pulses.
    public var timeout: Duration?
    /// `window:`: the rate is what this last stretch of time added; nil, from the time
    /// between pulses. Never shorter than `per` (the config checks).
    public var window: Duration?

    public static let defaultPer = Duration.seconds(1)

    public init(per: Duration = Self.defaultPer, timeout: Duration? = nil, window: Duration? = nil) {
        self.per = per
        self.timeout = timeout
        self.window = window
    }
}

/// How fast a total grows, from the time between its pulses, as ESPHome's `pulse_meter`
/// measures it: each pulse gives the rate its increase makes over the interval since
/// the pulse before, so one pulse a minute still gives a rate. A pulse that comes a
/// little later than the last interval changes nothing until it comes: the rate holds
/// what the pulses so far imply. Only once the next pulse is overdue (the time since the
/// last one is a quarter longer than the last interval, `overdueMargin`) does the rate
/// fall, to the last pulse's worth over the time since it, and again every `decayStep`
/// (or every interval, when shorter); it is 0 once `timeout` has passed without a pulse
/// (by default five times the last interval). Times are nanoseconds on the loop's
/// clock: the kernel's event timestamps, or the twin's virtual time.
///
/// ```swift
/// var rate = PulseRate(per: 60_000_000_000)          // per minute
/// rate.pulse(1, at: 0)                                // the first pulse: no interval yet
/// rate.pulse(1, at: 2_000_000_000).rate               // 30: one litre in 2 s is 30 L/min
/// rate.deadlineFired(at: 2_500_000_000).rate          // 30: the next pulse is not overdue yet
/// rate.deadlineFired(at: 4_500_000_000).rate          // 24: one litre in the 2.5 s since the last
/// rate.deadlineFired(at: 12_000_000_000).rate         // 0: five intervals without a pulse
/// ```
public struct PulseRate: Hashable, Sendable {
    /// The rate and when it next changes without a pulse (nil: not before one).
    public struct Update: Hashable, Sendable {
        public var rate: Double
        public var deadline: UInt64?

        public init(rate: Double, deadline: UInt64?) {
            self.rate = rate
            self.deadline = deadline
        }
    }

    /// How many intervals without a pulse bring the rate to 0 when no timeout is given.
    public static let defaultTimeoutIntervals: UInt64 = 5
    /// The longest time between two values of a decaying rate: a second.
    public static let decayStep: UInt64 = 1_000_000_000
    /// How much longer than the last interval the time since the last pulse must be
    /// before the next pulse is overdue, as a divisor of the interval: 4 is a quarter.
    /// A steady source jitters by a few percent (an anemometer's pulses ±5 %), so a
    /// pulse a few milliseconds late is no sign that the pulses have slowed.
    public static let overdueMargin: UInt64 = 4

    /// The time the rate is per, in nanoseconds (60 s for litres per minute).
    public let per: UInt64
    /// `timeout:` in nanoseconds; nil: `defaultTimeoutIntervals` times the last interval.
    public let timeout: UInt64?
    public private(set) var rate: Double = 0
    /// When the last pulse came; nil before the first.
    public private(set) var lastPulse: UInt64?
    /// The time between the last two pulses; nil before the second.
    public private(set) var lastInterval: UInt64?
    private var lastIncrease: Double = 0

    public init(per: UInt64, timeout: UInt64? = nil) {
        self.per = per
        self.timeout = timeout
    }

    /// A pulse that added `increase` to the total at `time`. Pulses at one instant add up
    /// into one.
    @discardableResult
    public mutating func pulse(_ increase: Double, at time: UInt64) -> Update {
        if let last = lastPulse, time <= last {
            lastIncrease += increase
            if let interval = lastInterval { rate = value(of: lastIncrease, over: interval) }
            return Update(rate: rate, deadline: nextDeadline(after: last))
        }
        if let last = lastPulse {
            let interval = time - last
            lastInterval = interval
            rate = value(of: increase, over: interval)
        }
        lastPulse = time
        lastIncrease = increase
        return Update(rate: rate, deadline: nextDeadline(after: time))
    }

    /// The deadline given last has come: once the next pulse is overdue the rate is the
    /// last pulse's worth over the time since it; 0 after the timeout.
    public mutating func deadlineFired(at now: UInt64) -> Update {
        guard let last = lastPulse, let interval = lastInterval else { return Update(rate: rate, deadline: nil) }
        let elapsed = now.elapsed(since: last)
        if elapsed >= timeoutTime(interval) {
            rate = 0
            return Update(rate: 0, deadline: nil)
        }
        if elapsed >= Self.overdueTime(interval) {
            rate = value(of: lastIncrease, over: elapsed)
        }
        return Update(rate: rate, deadline: nextDeadline(after: now))
    }

    /// The rate as it is and its next deadline after `now`: for a rate carried into a
    /// new graph (a reload), whose timers start again.
    public func resumed(at now: UInt64) -> Update {
        Update(rate: rate, deadline: nextDeadline(after: now))
    }

    /// Forgets every pulse: the rate is 0 and the next pulse is a first one.
    public mutating func clear() {
        self = PulseRate(per: per, timeout: timeout)
    }

    /// Not a finite number when the increase is past what a Double holds, or its rate
    /// is (1e300 in a nanosecond, per minute): the engine makes that unavailable.
    private func value(of increase: Double, over interval: UInt64) -> Double {
        let rate = increase * Double(per) / Double(interval)
        // The product alone may be past the largest Double where the rate is not.
        return rate.isFinite ? rate : increase * (Double(per) / Double(interval))
    }

    /// How long after a pulse the next one is overdue: the interval and a quarter of it.
    static func overdueTime(_ interval: UInt64) -> UInt64 {
        interval.advanced(by: max(1, interval / overdueMargin))
    }

    private func timeoutTime(_ interval: UInt64) -> UInt64 {
        let (product, overflow) = interval.multipliedReportingOverflow(by: Self.defaultTimeoutIntervals)
        return timeout ?? (overflow ? .max : product)
    }

    /// The next decay step after `now` (when the next pulse is overdue, then each
    /// `min(interval, decayStep)`), or the timeout if sooner; nil while the rate is 0 or
    /// there is no interval yet.
    private func nextDeadline(after now: UInt64) -> UInt64? {
        guard let last = lastPulse, let interval = lastInterval, rate != 0 else { return nil }
        let end = last.advanced(by: timeoutTime(interval))
        let decayStart = last.advanced(by: Self.overdueTime(interval))
        let step = max(1, min(interval, Self.decayStep))
        var next: UInt64
        if now < decayStart {
            next = decayStart
        } else {
            let steps = (now - decayStart) / step + 1
            let (offset, overflow) = steps.multipliedReportingOverflow(by: step)
            next = overflow ? .max : decayStart.advanced(by: offset)
        }
        next = min(next, end)
        return next > now ? next : nil
    }
}

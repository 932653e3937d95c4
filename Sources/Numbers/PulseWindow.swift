/// How fast a total grows, from what it grew by over the last `window` (sliding), per
/// `per`: ESPHome's `pulse_counter`, which counts the pulses of each interval, with the
/// interval sliding on at every pulse. The rate rises as pulses come in and falls as
/// they leave the window, `window` after they came, so it is steady for a source whose
/// single intervals jitter (an anemometer in gusts, a rain gauge's tipping bucket) and 0
/// once a whole window has passed without a pulse. Times are nanoseconds on the loop's
/// clock.
///
/// Pulses that come within `window / resolution` of the first of a group are kept as
/// one, which leaves the window when the latest of them does: the memory is bounded by
/// `resolution` whatever the rate, and a pulse leaves at most that much late.
///
/// ```swift
/// var rain = PulseWindow(per: 3_600_000_000_000, window: 600_000_000_000)   // per hour, over 10 min
/// rain.pulse(0.2794, at: 0).rate                                 // 1.6764: 0.2794 mm in 10 min is 1.68 mm/h
/// rain.pulse(0.2794, at: 60_000_000_000).rate                    // 3.3528
/// rain.deadlineFired(at: 600_000_000_000).rate                   // 1.6764: the first has left the window
/// rain.deadlineFired(at: 660_000_000_000)                        // 0, and no deadline
/// ```
public struct PulseWindow: Hashable, Sendable {
    /// How many slots of the window hold pulses apart: at most this many (and one) are kept.
    public static let resolution: UInt64 = 1024

    /// The time the rate is per, in nanoseconds.
    public let per: UInt64
    /// How far back the pulses count, in nanoseconds; `per` or longer (the config
    /// checks).
    public let window: UInt64
    public private(set) var rate: Double = 0
    /// The pulses in the window, oldest first, in groups: when the first and the latest
    /// of each came, and what the group added.
    private var pulses: [Pulse] = []
    /// Where the oldest kept pulse is in `pulses`: the ones before it have left.
    private var oldest = 0
    private var total: Double = 0

    private struct Pulse: Hashable, Sendable {
        let first: UInt64
        var time: UInt64
        var increase: Double
    }

    public init(per: UInt64, window: UInt64) {
        self.per = per
        self.window = max(1, window)
    }

    /// How many pulses (or groups of pulses) the window holds now.
    public var count: Int { pulses.count - oldest }

    /// A pulse that added `increase` to the total at `time`.
    @discardableResult
    public mutating func pulse(_ increase: Double, at time: UInt64) -> PulseRate.Update {
        leave(before: time)
        let slot = max(1, window / Self.resolution)
        if let last = pulses.last, time < last.first.advanced(by: slot) {
            pulses[pulses.count - 1].time = max(last.time, time)
            pulses[pulses.count - 1].increase += increase
        } else {
            pulses.append(Pulse(first: time, time: time, increase: increase))
        }
        total += increase
        return update()
    }

    /// The oldest pulse has left the window: the rate falls by its share.
    public mutating func deadlineFired(at now: UInt64) -> PulseRate.Update {
        leave(before: now)
        return update()
    }

    /// The rate as it is and its next deadline: for a rate carried into a new graph.
    public func resumed(at now: UInt64) -> PulseRate.Update {
        var resumed = self
        resumed.leave(before: now)
        return resumed.update()
    }

    /// Forgets every pulse: the rate is 0.
    public mutating func clear() {
        self = PulseWindow(per: per, window: window)
    }

    /// Drops the pulses that came `window` or longer before `now`.
    private mutating func leave(before now: UInt64) {
        while oldest < pulses.count, pulses[oldest].time.advanced(by: window) <= now {
            total -= pulses[oldest].increase
            oldest += 1
        }
        if oldest == pulses.count {
            // Empty: an exact 0, not the rounding left of every increase added and taken.
            pulses.removeAll(keepingCapacity: true)
            oldest = 0
            total = 0
        } else if oldest > pulses.count / 2 {
            pulses.removeFirst(oldest)
            oldest = 0
        }
    }

    /// The rate of what the window holds, and when its oldest pulse leaves. Not a
    /// finite number when the total is past what a Double holds: the engine makes that
    /// unavailable.
    private mutating func update() -> PulseRate.Update {
        // The product alone may be past the largest Double where the rate is not.
        let product = total * Double(per) / Double(window)
        rate = product.isFinite ? product : total * (Double(per) / Double(window))
        let deadline = oldest < pulses.count ? pulses[oldest].time.advanced(by: window) : nil
        return PulseRate.Update(rate: rate, deadline: deadline)
    }
}

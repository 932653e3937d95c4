import GPIO

/// `ramp: D`: a duty cycle moving in a straight line from one percentage to another over
/// D, in steps. A pure value: given the time, it says the duty cycle to apply and when
/// the next step is due, or that it has arrived (no further wake-up).
///
/// Steps come every D / 50, but at least 10 ms apart, and the last one falls exactly on
/// the end, so the target is written as it is.
///
/// ```swift
/// let ramp = PWMRamp(from: 30, to: 100, start: 0, length: .seconds(2))
/// ramp.duty(at: 1_000_000_000)        // 65.0
/// ramp.nextStep(after: 1_000_000_000) // Optional(1_040_000_000)
/// ramp.nextStep(after: 2_000_000_000) // nil: arrived
/// ```
struct PWMRamp: Hashable, Sendable {
    /// The shortest time between two steps.
    static let shortestStep: UInt64 = 10_000_000
    /// How many steps a ramp is cut into, at most.
    static let steps: UInt64 = 50

    let from: Double
    let to: Double
    /// Nanoseconds on the loop's clock.
    let start: UInt64
    let length: UInt64

    init(from: Double, to: Double, start: UInt64, length: Duration) {
        self.from = from
        self.to = to
        self.start = start
        self.length = length.wholeNanoseconds
    }

    var end: UInt64 { start &+ length }

    /// The time between two steps.
    var interval: UInt64 { max(length / Self.steps, Self.shortestStep) }

    /// The duty cycle at `now`: `from` at the start, `to` from the end on.
    func duty(at now: UInt64) -> Double {
        guard length > 0, now < end else { return to }
        guard now > start else { return from }
        return from + (to - from) * Double(now - start) / Double(length)
    }

    /// Whether `to` is reached at `now`.
    func hasArrived(at now: UInt64) -> Bool { now >= end }

    /// When the step after the one at `now` is due; nil once arrived.
    func nextStep(after now: UInt64) -> UInt64? {
        guard !hasArrived(at: now) else { return nil }
        let elapsed = now > start ? now - start : 0
        let next = start &+ (elapsed / interval + 1) * interval
        return min(next, end)
    }
}

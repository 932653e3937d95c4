import Config
import Numbers

/// How a `rate:` measures its pulses: by the time between them (`Numbers.PulseRate`,
/// ESPHome's `pulse_meter`), or by what the last `window:` held (`Numbers.PulseWindow`,
/// ESPHome's `pulse_counter`). Both give the rate and the next time it changes without a
/// pulse, so `RateRule` drives either on the graph's timers.
enum RateMeasure: Hashable {
    case intervals(PulseRate)
    case window(PulseWindow)

    init(_ declaration: RateDeclaration) {
        let per = declaration.per.wholeNanoseconds
        if let window = declaration.window {
            self = .window(PulseWindow(per: per, window: window.wholeNanoseconds))
        } else {
            self = .intervals(PulseRate(per: per, timeout: declaration.timeout.map(\.wholeNanoseconds)))
        }
    }

    /// The time the rate is per, in nanoseconds.
    var per: UInt64 {
        switch self {
        case .intervals(let rate): rate.per
        case .window(let rate): rate.per
        }
    }

    /// The time between the last two pulses, for `why`; nil for a window.
    var lastInterval: UInt64? {
        guard case .intervals(let rate) = self else { return nil }
        return rate.lastInterval
    }

    /// How many pulses (groups of pulses at one instant) a window holds, for `why`.
    var pulsesInWindow: (count: Int, window: UInt64)? {
        guard case .window(let rate) = self else { return nil }
        return (rate.count, rate.window)
    }

    mutating func pulse(_ increase: Double, at time: UInt64) -> PulseRate.Update {
        switch self {
        case .intervals(var rate):
            defer { self = .intervals(rate) }
            return rate.pulse(increase, at: time)
        case .window(var rate):
            defer { self = .window(rate) }
            return rate.pulse(increase, at: time)
        }
    }

    mutating func deadlineFired(at now: UInt64) -> PulseRate.Update {
        switch self {
        case .intervals(var rate):
            defer { self = .intervals(rate) }
            return rate.deadlineFired(at: now)
        case .window(var rate):
            defer { self = .window(rate) }
            return rate.deadlineFired(at: now)
        }
    }

    func resumed(at now: UInt64) -> PulseRate.Update {
        switch self {
        case .intervals(let rate): rate.resumed(at: now)
        case .window(let rate): rate.resumed(at: now)
        }
    }

    mutating func clear() {
        switch self {
        case .intervals(var rate):
            rate.clear()
            self = .intervals(rate)
        case .window(var rate):
            rate.clear()
            self = .window(rate)
        }
    }
}

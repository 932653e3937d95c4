/// The debounce state of one line: raw edges in, debounced levels out. Pure: time is
/// what the caller passes (the kernel's event timestamps, and the clock for deadlines).
struct Debouncer: Sendable {
    let mode: Debounce.Mode
    let period: UInt64
    /// The level the edges say the line has now.
    private(set) var raw: Bool
    /// The level last reported.
    private(set) var reported: Bool
    /// When the pending decision is due; `nil` when nothing is pending.
    private(set) var deadline: UInt64?

    init(_ debounce: Debounce, level: Bool) {
        mode = debounce.mode
        period = debounce.period.wholeNanoseconds
        raw = level
        reported = level
    }

    /// Takes the line's level after an edge at `time`. Returns the level to report now,
    /// or `nil` when nothing is to be reported yet.
    mutating func edge(to level: Bool, at time: UInt64) -> Bool? {
        raw = level
        if period == 0 { return report(level) }
        switch mode {
        case .stable:
            deadline = time &+ period
            return nil
        case .lockout:
            if deadline != nil { return nil }
            guard level != reported else { return nil }
            deadline = time &+ period
            return report(level)
        case .settle:
            if deadline != nil {
                deadline = time &+ period
                return nil
            }
            guard level != reported else { return nil }
            deadline = time &+ period
            return report(level)
        }
    }

    /// Called at or after `deadline`. Returns the level to report, if it changed.
    mutating func expire(at time: UInt64) -> Bool? {
        guard let due = deadline, time >= due else { return nil }
        deadline = nil
        guard raw != reported else { return nil }
        switch mode {
        case .stable:
            return report(raw)
        case .lockout, .settle:
            // The line ended the window at another level: that is a change of its own,
            // and it opens a new window.
            deadline = time &+ period
            return report(raw)
        }
    }

    private mutating func report(_ level: Bool) -> Bool? {
        guard level != reported else { return nil }
        reported = level
        return level
    }
}

import Values

/// Blinds (or a shutter, an awning) on two motors, up and down, held on while moving
/// and kept apart by an interlock. A pure state machine: time comes in as nanoseconds
/// on the loop's clock and each call returns a `CoverAction`.
///
/// The position is reckoned from the time the motors run: 0 is closed, 100 open, and a
/// full move takes `travel`. `open` drives up and `close` down, each to the end: `travel`
/// for the way left plus the margin (`CoverMargin`), so that a position reckoned a little
/// off is made right again (re-zeroed) at the end; an end input (`closed:`, `open:`)
/// turning on stops the move there and re-zeroes too. A position drives towards it and
/// stops when the reckoning says it is there; `stop` releases both motors. The other
/// motor starts only the interlock's `wait` after one was released, however the
/// reversal comes: a change of direction while moving, a stop then the other way, a
/// position behind; a command during the wait changes where the move goes, never when
/// it starts.
///
/// Until the position is known (no kept position, no end input on), a position is
/// refused: open or close it fully first.
public struct MotorCover: Hashable, Sendable {
    private enum Phase: Hashable, Sendable {
        case idle
        /// Released; drives `direction` towards `target` at the deadline.
        case waiting(MotorDrive, target: Double)
        /// Driving `direction` since `since` from `from`, towards `target`.
        case moving(MotorDrive, since: UInt64, from: Double?, target: Double)
    }

    private let travel: UInt64
    private let wait: UInt64
    private let margin: UInt64
    private var phase = Phase.idle
    /// The position when idle or waiting; where a move started is in the phase.
    private var resting: Double?
    private var closedInput: Bool?
    private var openInput: Bool?
    /// The last motor released, and when: the other starts `wait` after it.
    public private(set) var lastRelease: MotorRelease?
    public private(set) var deadline: UInt64?

    /// - Parameters:
    ///   - travel: how long a full move takes, in nanoseconds.
    ///   - wait: the interlock's wait between one motor and the other, in nanoseconds.
    ///   - position: the position kept from the last run; nil when none was.
    ///   - closedInput, openInput: the end inputs' levels now; nil for a cover without.
    ///   - released: the motor the machine this one replaces released last (a reload
    ///     that could not carry the move on): the wait still counts from then.
    public init(travel: UInt64, wait: UInt64, position: Double?, closedInput: Bool? = nil, openInput: Bool? = nil,
                released: MotorRelease? = nil) {
        self.travel = max(travel, 1)
        self.wait = wait
        lastRelease = released
        margin = CoverMargin.margin(travel: travel)
        self.closedInput = closedInput
        self.openInput = openInput
        if closedInput == true {
            resting = 0
        } else if openInput == true {
            resting = 100
        } else {
            resting = position.map { min(max($0, 0), 100) }
        }
    }

    /// The motor driven now.
    public var direction: MotorDrive {
        if case .moving(let direction, _, _, _) = phase { return direction }
        return .neither
    }

    /// Where a move under way or waiting goes.
    public var target: Double? {
        switch phase {
        case .idle: nil
        case .waiting(_, let target), .moving(_, _, _, let target): target
        }
    }

    /// The position at `now`, reckoned from the time the motor has run; nil when not
    /// known.
    public func position(at now: UInt64) -> Double? {
        guard case .moving(let direction, let since, let from?, _) = phase else { return resting }
        let moved = Double(now &- since) / Double(travel) * 100
        return min(max(direction == .up ? from + moved : from - moved, 0), 100)
    }

    /// The state at `now`: opening or closing while moving or waiting to, else closed at
    /// 0, open at 100, stopped between (or when the position is not known).
    public func state(at now: UInt64) -> CoverState {
        switch phase {
        case .moving(let direction, _, _, _), .waiting(let direction, _):
            return direction == .up ? .opening : .closing
        case .idle:
            switch resting {
            case 0?: return .closed
            case 100?: return .open
            default: return .stopped
            }
        }
    }

    /// The action for now, with nothing to do: what a report at start shows.
    public func current(at now: UInt64) -> CoverAction {
        CoverAction(deadline: deadline, state: state(at: now), position: position(at: now))
    }

    /// What a machine taking over from this one at `now` starts from, when this one's
    /// move cannot go on (the cover's declaration changed): the position reckoned now and
    /// the last release, the running motor's being now, as it is let go of.
    public func handedOver(at now: UInt64) -> (position: Double?, released: MotorRelease?) {
        if case .moving(let direction, _, _, _) = phase {
            return (position(at: now), MotorRelease(direction: direction, at: now))
        }
        return (position(at: now), lastRelease)
    }

    public mutating func command(_ command: CoverCommand, at now: UInt64) -> CoverAction {
        switch command {
        case .open: return go(to: 100, at: now)
        case .close: return go(to: 0, at: now)
        case .stop:
            guard phase != .idle else { return report(at: now, note: "not moving: nothing to stop") }
            return halt(at: now)
        case .position(let target):
            guard let position = position(at: now) else {
                return report(at: now, refusal: "the position is not known yet: open or close it fully first")
            }
            if target == 0 || target == 100 { return go(to: target, at: now) }
            if abs(position - target) < 0.5 && self.target == nil {
                return report(at: now, note: "at \(Self.shown(position)) % already")
            }
            return go(to: target, at: now)
        }
    }

    private mutating func go(to target: Double, at now: UInt64) -> CoverAction {
        let position = position(at: now)
        if phase == .idle, let position, position == target, (target == 0 ? closedInput : openInput) != false {
            return report(at: now, note: "\(target == 0 ? "closed" : "open") already")
        }
        let direction: MotorDrive = position.map { target > $0 ? .up : .down } ?? (target == 100 ? .up : .down)
        switch phase {
        case .moving(direction, let since, let from, _):
            phase = .moving(direction, since: since, from: from, target: target)
            deadline = moveDeadline(from: position, to: target, direction: direction, at: now)
            return report(at: now)
        case .moving(let running, _, _, _):
            // The other way: release, and drive after the interlock's wait.
            resting = position
            lastRelease = MotorRelease(direction: running, at: now)
            phase = .waiting(direction, target: target)
            deadline = now &+ wait
            return report(at: now, drive: .neither)
        case .waiting:
            phase = .waiting(direction, target: target)
            return report(at: now)
        case .idle:
            return start(direction, to: target, from: position, at: now)
        }
    }

    private mutating func start(_ direction: MotorDrive, to target: Double, from position: Double?,
                                at now: UInt64) -> CoverAction {
        if let released = lastRelease, released.direction != direction, now < released.at &+ wait {
            // The other motor was released less than the wait ago: a stop then the
            // other way, or a position behind. Both stay off until the wait is over.
            resting = position
            phase = .waiting(direction, target: target)
            deadline = released.at &+ wait
            return report(at: now, drive: .neither)
        }
        phase = .moving(direction, since: now, from: position, target: target)
        deadline = moveDeadline(from: position, to: target, direction: direction, at: now)
        return report(at: now, drive: direction)
    }

    /// A move to an end runs the way left and the margin (the whole travel when the
    /// position is not known); a move to a position stops when the reckoning is there.
    private func moveDeadline(from position: Double?, to target: Double, direction: MotorDrive,
                              at now: UInt64) -> UInt64 {
        let atEnd = target == 0 || target == 100
        guard let position else { return now &+ travel &+ margin }
        let left = UInt64((abs(target - position) / 100 * Double(travel)).rounded())
        return now &+ left &+ (atEnd ? margin : 0)
    }

    private mutating func halt(at now: UInt64) -> CoverAction {
        if case .moving(let direction, _, _, _) = phase { lastRelease = MotorRelease(direction: direction, at: now) }
        resting = position(at: now)
        phase = .idle
        deadline = nil
        return report(at: now, drive: .neither)
    }

    /// An end input changed: on, the cover is at that end (the move there ends and the
    /// position is re-zeroed); off, nothing to do.
    public mutating func endInput(_ end: CoverEnd, isOn: Bool, at now: UInt64) -> CoverAction {
        switch end {
        case .closed: closedInput = isOn
        case .open: openInput = isOn
        }
        guard isOn else { return report(at: now) }
        let position: Double = end == .closed ? 0 : 100
        switch phase {
        case .moving(let direction, _, _, _) where (direction == .up) == (end == .open):
            lastRelease = MotorRelease(direction: direction, at: now)
            phase = .idle
            deadline = nil
            resting = position
            return report(at: now, drive: .neither)
        case .idle:
            resting = position
            return report(at: now)
        default:
            return report(at: now)
        }
    }

    /// The deadline passed: a wait ends (the motor starts), a move ends (the motors are
    /// released at the target; at an end, the position is re-zeroed there).
    public mutating func deadlineFired(at now: UInt64) -> CoverAction {
        guard let due = deadline, now >= due else { return report(at: now) }
        deadline = nil
        switch phase {
        case .idle:
            return report(at: now)
        case .waiting(let direction, let target):
            return start(direction, to: target, from: resting, at: now)
        case .moving(let direction, _, _, let target):
            lastRelease = MotorRelease(direction: direction, at: now)
            phase = .idle
            resting = target
            let end: Bool? = target == 0 ? closedInput : target == 100 ? openInput : nil
            if end == false {
                // An end input that did not turn on: the cover did not get there.
                return report(at: now, drive: .neither, fault: "the motor ran \(direction.rawValue) for the whole travel "
                    + "and the margin and the \(target == 0 ? "closed" : "open") input did not turn on; "
                    + "position reckoned \(Self.shown(target)) %")
            }
            return report(at: now, drive: .neither)
        }
    }

    private func report(at now: UInt64, drive: MotorDrive? = nil, fault: String? = nil, note: String? = nil,
                        refusal: String? = nil) -> CoverAction {
        CoverAction(drive: drive, deadline: deadline, state: state(at: now), position: position(at: now),
                    fault: fault, note: note, refusal: refusal)
    }

    static func shown(_ position: Double) -> String {
        CoverCommand.position(position).text
    }
}

import Values

/// A garage door (or gate) on one relay: the opener's push button, pulsed by gpioagg,
/// and an input on at the closed end (`closed:`), perhaps another at the open end
/// (`open:`). A pure state machine: time comes in as nanoseconds on the loop's clock and
/// each call returns a `CoverAction`.
///
/// The opener is assumed to follow the usual push-button cycle: each pulse starts or
/// stops the door, in the order open, stop, close, stop. So:
///
/// | state | `open` | `close` | `stop` |
/// | --- | --- | --- | --- |
/// | closed | pulse: opening | nothing | nothing |
/// | opening | nothing | nothing (a pulse would stop it) | pulse: stopped |
/// | open | nothing | pulse: closing | nothing |
/// | closing | nothing (a pulse would stop it) | nothing | pulse: stopped |
/// | stopped while opening | nothing (a pulse would close it) | pulse: closing | nothing |
/// | stopped while closing | pulse: opening | nothing (a pulse would open it) | nothing |
/// | stopped, direction unknown | nothing | nothing | nothing |
///
/// Each "nothing" comes with a note saying why. A position is refused: a door on one
/// relay has none.
///
/// The end inputs are followed whatever moved the door (a command, the opener's own
/// remote, a hand): `closed` turning off starts `opening`, `open` turning off starts
/// `closing`, either turning on ends the move there. Without `open:`, the door is
/// `opening` for `travel` after it leaves closed, then `open`. A move that has not
/// reached its end `travel` plus the margin (`CoverMargin`) after it began is reported
/// `stopped` with a fault; a door pulsed that never left its end position goes back to
/// that position's state, with a fault: it is never reported moving for ever.
public struct RelayCover: Hashable, Sendable {
    public private(set) var state: CoverState
    /// The way the door last moved: what the next pulse does after a stop.
    public private(set) var lastDirection: MotorDrive
    /// The deadline of the move under way.
    public private(set) var deadline: UInt64?
    private let travel: UInt64
    private let margin: UInt64
    private var closedInput: Bool
    private var openInput: Bool?
    /// Pulsed from an end position, and the door has not left it yet.
    private var awaitingLeave = false

    /// - Parameters:
    ///   - travel: how long a full move takes, in nanoseconds.
    ///   - closedInput: the `closed:` input's level now.
    ///   - openInput: the `open:` input's level now; nil when the door has none.
    public init(travel: UInt64, closedInput: Bool, openInput: Bool?) {
        self.travel = travel
        margin = CoverMargin.margin(travel: travel)
        self.closedInput = closedInput
        self.openInput = openInput
        if closedInput {
            state = .closed
            lastDirection = .down
        } else if openInput ?? true {
            state = .open
            lastDirection = .up
        } else {
            state = .stopped
            lastDirection = .neither
        }
    }

    /// The action for now, with nothing to do: what a report at start shows.
    public var current: CoverAction { CoverAction(deadline: deadline, state: state) }

    public mutating func command(_ command: CoverCommand, at now: UInt64) -> CoverAction {
        switch command {
        case .open: return move(.up, at: now)
        case .close: return move(.down, at: now)
        case .stop:
            guard state.isMoving else {
                return report(note: "the door is \(state.rawValue), not moving: nothing to stop")
            }
            state = .stopped
            deadline = nil
            awaitingLeave = false
            return report(pulse: true)
        case .position:
            return report(refusal: "a door on one relay has no position: write open, close or stop")
        }
    }

    private mutating func move(_ direction: MotorDrive, at now: UInt64) -> CoverAction {
        let opening = direction == .up
        let target: CoverState = opening ? .open : .closed
        let moving: CoverState = opening ? .opening : .closing
        let word = opening ? "open" : "close"
        switch state {
        case target, moving:
            return report(note: "the door is \(state.rawValue) already: no pulse sent")
        case .opening, .closing:
            return report(note: "the door is \(state.rawValue): a pulse would stop it; send stop, then \(word)")
        case .stopped where lastDirection == direction:
            return report(note: "the door stopped while \(moving.rawValue): the opener's next pulse would "
                + "\(opening ? "close" : "open") it (open, stop, close, stop); no pulse sent")
        case .stopped where lastDirection == .neither:
            return report(note: "the door stopped and its opener's next direction is not known: no pulse sent; "
                + "move it with its own button to an end")
        case .open, .closed, .stopped:
            awaitingLeave = state == .open || state == .closed
            state = moving
            lastDirection = direction
            deadline = now &+ travel &+ margin
            return report(pulse: true)
        }
    }

    /// An end input changed (whatever moved the door).
    public mutating func endInput(_ end: CoverEnd, isOn: Bool, at now: UInt64) -> CoverAction {
        switch end {
        case .closed: closedInput = isOn
        case .open: openInput = isOn
        }
        awaitingLeave = false
        switch (end, isOn) {
        case (.closed, true):
            state = .closed
            lastDirection = .down
            deadline = nil
        case (.open, true):
            state = .open
            lastDirection = .up
            deadline = nil
        case (.closed, false):
            // Left closed: with no open input, the door is open `travel` after leaving.
            if state != .opening { deadline = nil }
            state = .opening
            lastDirection = .up
            deadline = openInput == nil ? now &+ travel : (deadline ?? now &+ travel &+ margin)
        case (.open, false):
            if state != .closing { deadline = nil }
            state = .closing
            lastDirection = .down
            deadline = deadline ?? now &+ travel &+ margin
        }
        return report()
    }

    /// The deadline of the move under way passed.
    public mutating func deadlineFired(at now: UInt64) -> CoverAction {
        guard let due = deadline, now >= due else { return report() }
        deadline = nil
        if awaitingLeave {
            // Pulsed, and the door never left its end: it is where its input says.
            awaitingLeave = false
            let was = state
            state = closedInput ? .closed : .open
            lastDirection = .neither
            return report(fault: "the door was pulsed to \(was == .opening ? "open" : "close") and did not leave "
                + "\(state.rawValue) within \(Self.seconds(travel &+ margin)); check the opener and its relay")
        }
        if state == .opening && openInput == nil {
            state = .open
            return report()
        }
        guard state.isMoving else { return report() }
        let end = state == .opening ? "open" : "closed"
        state = .stopped
        return report(fault: "the door did not reach \(end) within \(Self.seconds(travel &+ margin)) "
            + "(travel and a margin); reported stopped")
    }

    private func report(pulse: Bool = false, fault: String? = nil, note: String? = nil,
                        refusal: String? = nil) -> CoverAction {
        CoverAction(pulse: pulse, deadline: deadline, state: state, fault: fault, note: note, refusal: refusal)
    }

    static func seconds(_ nanoseconds: UInt64) -> String {
        let tenths = (nanoseconds + 50_000_000) / 100_000_000
        return tenths % 10 == 0 ? "\(tenths / 10)s" : "\(tenths / 10).\(tenths % 10)s"
    }
}

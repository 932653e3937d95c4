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
///
/// Each command is a press of its own: the opener sees a press only when its button is
/// released in between. A press is made when the relay has been released for as long as
/// its pulse (`releaseGap`); a command that would press before then waits for that
/// moment (`CoverAction.pressWaits`), and is decided then, against the door's state at
/// that time, so the state reported changes when the press is made. A newer command
/// replaces one waiting.
public struct RelayCover: Hashable, Sendable {
    public private(set) var state: CoverState
    /// The way the door last moved: what the next pulse does after a stop.
    public private(set) var lastDirection: MotorDrive
    /// When `deadlineFired(at:)` is due next: the deadline of the move under way, or the
    /// moment a waiting press is made, whichever comes first.
    public var deadline: UInt64? {
        switch (moveDeadline, pressAt) {
        case (let move?, let press?): return min(move, press)
        case (let move, let press): return move ?? press
        }
    }
    /// The command waiting for the relay's release, if any.
    public private(set) var waiting: CoverCommand?
    /// The deadline of the move under way.
    private var moveDeadline: UInt64?
    /// When the waiting command is decided and its press made.
    private var pressAt: UInt64?
    /// When the relay may be pressed again: its last press, its pulse, then the release gap.
    private var relayFreeAt: UInt64?
    private let travel: UInt64
    /// How long the relay's output holds each press (its `pulse:`).
    private let pulse: UInt64
    private let margin: UInt64
    private var closedInput: Bool
    private var openInput: Bool?
    /// Pulsed from an end position, and the door has not left it yet.
    private var awaitingLeave = false

    /// - Parameters:
    ///   - travel: how long a full move takes, in nanoseconds.
    ///   - pulse: how long the relay holds each press (its output's `pulse:`), in
    ///     nanoseconds.
    ///   - closedInput: the `closed:` input's level now.
    ///   - openInput: the `open:` input's level now; nil when the door has none.
    public init(travel: UInt64, pulse: UInt64, closedInput: Bool, openInput: Bool?) {
        self.travel = travel
        self.pulse = pulse
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

    /// How long the relay stays released between two presses: as long as its pulse, so
    /// that the opener sees each press as one.
    public var releaseGap: UInt64 { pulse }

    /// Tells the door `command` at `now`. A command that would press the relay before it
    /// has been released for `releaseGap` waits for that moment; it replaces a command
    /// already waiting, as does any newer command.
    public mutating func command(_ command: CoverCommand, at now: UInt64) -> CoverAction {
        waiting = nil
        pressAt = nil
        var decided = self
        var action = decided.decide(command, at: now)
        if action.pulse, let freeAt = relayFreeAt, now < freeAt {
            waiting = command
            pressAt = freeAt
            action = report()
            action.pressWaits = freeAt
            return action
        }
        self = decided
        return action
    }

    /// The rules of the table above, for a press made now.
    private mutating func decide(_ command: CoverCommand, at now: UInt64) -> CoverAction {
        let action = rule(command, at: now)
        if action.pulse { relayFreeAt = now &+ pulse &+ releaseGap }
        return action
    }

    private mutating func rule(_ command: CoverCommand, at now: UInt64) -> CoverAction {
        switch command {
        case .open: return move(.up, at: now)
        case .close: return move(.down, at: now)
        case .stop:
            guard state.isMoving else {
                return report(note: "the door is \(state.rawValue), not moving: nothing to stop")
            }
            state = .stopped
            moveDeadline = nil
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
            moveDeadline = now &+ travel &+ margin
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
            moveDeadline = nil
        case (.open, true):
            state = .open
            lastDirection = .up
            moveDeadline = nil
        case (.closed, false):
            // Left closed: with no open input, the door is open `travel` after leaving.
            if state != .opening { moveDeadline = nil }
            state = .opening
            lastDirection = .up
            moveDeadline = openInput == nil ? now &+ travel : (moveDeadline ?? now &+ travel &+ margin)
        case (.open, false):
            if state != .closing { moveDeadline = nil }
            state = .closing
            lastDirection = .down
            moveDeadline = moveDeadline ?? now &+ travel &+ margin
        }
        return report()
    }

    /// The deadline of the move under way passed, or a waiting press is due (then it is
    /// decided and made now).
    public mutating func deadlineFired(at now: UInt64) -> CoverAction {
        var fault: String?
        if let due = moveDeadline, now >= due {
            fault = moveDeadlinePassed()
        }
        if let due = pressAt, now >= due, let command = waiting {
            waiting = nil
            pressAt = nil
            var action = decide(command, at: now)
            action.fault = fault
            return action
        }
        return report(fault: fault)
    }

    /// Ends the move under way at its deadline; returns the fault to log, if any.
    private mutating func moveDeadlinePassed() -> String? {
        moveDeadline = nil
        if awaitingLeave {
            // Pulsed, and the door never left its end: it is where its input says.
            awaitingLeave = false
            let was = state
            state = closedInput ? .closed : .open
            lastDirection = .neither
            return "the door was pulsed to \(was == .opening ? "open" : "close") and did not leave "
                + "\(state.rawValue) within \(Self.seconds(travel &+ margin)); check the opener and its relay"
        }
        if state == .opening && openInput == nil {
            state = .open
            return nil
        }
        guard state.isMoving else { return nil }
        let end = state == .opening ? "open" : "closed"
        state = .stopped
        return "the door did not reach \(end) within \(Self.seconds(travel &+ margin)) "
            + "(travel and a margin); reported stopped"
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

import Values

/// What a cover's state machine decided: what to do to its outputs, when to be asked
/// again, and what to report. The engine performs it; tests read it.
///
/// ```swift
/// var door = RelayCover(travel: 15_000_000_000, pulse: 500_000_000, closedInput: true, openInput: nil)
/// let action = door.command(.open, at: 0)
/// action.pulse        // true: the relay is pulsed once
/// action.state        // .opening
/// ```
public struct CoverAction: Hashable, Sendable {
    /// Pulse the relay once (one-relay covers).
    public var pulse = false
    /// Set the motors so (two-motor covers); nil: leave them as they are.
    public var drive: MotorDrive?
    /// When `deadlineFired(at:)` is due next, in nanoseconds on the loop's clock; nil:
    /// no timer (the cover is idle or waits for an end input only).
    public var deadline: UInt64?
    /// The state to report.
    public var state: CoverState
    /// The position to report (0 closed, 100 open); nil when the cover has none or does
    /// not know it.
    public var position: Double?
    /// A fault to log: a move that did not reach its end in time.
    public var fault: String?
    /// Why a command sent nothing (the door is already where it was asked to go, or a
    /// pulse would move it the other way), for the log and the reply.
    public var note: String?
    /// Why a command is refused (a position for a cover without one), for the reply.
    public var refusal: String?
    /// A press asked while the relay is still pressed or only just released: it is made
    /// then (nanoseconds on the loop's clock), when `deadlineFired(at:)` is called.
    public var pressWaits: UInt64?

    public init(pulse: Bool = false, drive: MotorDrive? = nil, deadline: UInt64? = nil, state: CoverState,
                position: Double? = nil, fault: String? = nil, note: String? = nil, refusal: String? = nil) {
        self.pulse = pulse
        self.drive = drive
        self.deadline = deadline
        self.state = state
        self.position = position
        self.fault = fault
        self.note = note
        self.refusal = refusal
    }
}

import Covers
import Testing
import Values

@Suite("A garage door on one relay: the opener's cycle, its end inputs, faults")
struct RelayCoverTests {
    static let travel: UInt64 = 15_000_000_000
    static let margin: UInt64 = 1_500_000_000
    static let second: UInt64 = 1_000_000_000
    /// The relay's `pulse:`: each press holds it this long.
    static let pulse: UInt64 = 500_000_000

    /// A door with both end inputs, brought to `state` the way a person would.
    static func door(in state: String) -> RelayCover {
        switch state {
        case "closed": return RelayCover(travel: travel, pulse: pulse, closedInput: true, openInput: false)
        case "open": return RelayCover(travel: travel, pulse: pulse, closedInput: false, openInput: true)
        case "opening":
            var door = Self.door(in: "closed")
            _ = door.command(.open, at: 0)
            _ = door.endInput(.closed, isOn: false, at: second)
            return door
        case "closing":
            var door = Self.door(in: "open")
            _ = door.command(.close, at: 0)
            _ = door.endInput(.open, isOn: false, at: second)
            return door
        case "stopped while opening":
            var door = Self.door(in: "opening")
            _ = door.command(.stop, at: 2 * second)
            return door
        case "stopped while closing":
            var door = Self.door(in: "closing")
            _ = door.command(.stop, at: 2 * second)
            return door
        default:
            return RelayCover(travel: travel, pulse: pulse, closedInput: false, openInput: false)
        }
    }

    struct Row: CustomTestStringConvertible, Sendable {
        var state: String
        var command: CoverCommand
        var pulses: Bool
        var after: CoverState
        var testDescription: String { "\(command.text) on a door \(state)" }
    }

    static let table: [Row] = [
        Row(state: "closed", command: .open, pulses: true, after: .opening),
        Row(state: "closed", command: .close, pulses: false, after: .closed),
        Row(state: "closed", command: .stop, pulses: false, after: .closed),
        Row(state: "opening", command: .open, pulses: false, after: .opening),
        Row(state: "opening", command: .close, pulses: false, after: .opening),
        Row(state: "opening", command: .stop, pulses: true, after: .stopped),
        Row(state: "open", command: .open, pulses: false, after: .open),
        Row(state: "open", command: .close, pulses: true, after: .closing),
        Row(state: "open", command: .stop, pulses: false, after: .open),
        Row(state: "closing", command: .open, pulses: false, after: .closing),
        Row(state: "closing", command: .close, pulses: false, after: .closing),
        Row(state: "closing", command: .stop, pulses: true, after: .stopped),
        Row(state: "stopped while opening", command: .open, pulses: false, after: .stopped),
        Row(state: "stopped while opening", command: .close, pulses: true, after: .closing),
        Row(state: "stopped while opening", command: .stop, pulses: false, after: .stopped),
        Row(state: "stopped while closing", command: .open, pulses: true, after: .opening),
        Row(state: "stopped while closing", command: .close, pulses: false, after: .stopped),
        Row(state: "stopped while closing", command: .stop, pulses: false, after: .stopped),
        Row(state: "stopped, direction unknown", command: .open, pulses: false, after: .stopped),
        Row(state: "stopped, direction unknown", command: .close, pulses: false, after: .stopped),
        Row(state: "stopped, direction unknown", command: .stop, pulses: false, after: .stopped),
    ]

    @Test("each command pulses only when it moves the door the way asked; otherwise it says why", arguments: table)
    func everyCommandInEveryState(_ row: Row) {
        var door = Self.door(in: row.state)
        let action = door.command(row.command, at: 3 * Self.second)
        #expect(action.pulse == row.pulses)
        #expect(action.state == row.after)
        #expect(door.state == row.after)
        #expect((action.note == nil) == row.pulses, "a command that sends nothing says why")
        #expect(action.refusal == nil)
    }

    @Test("a position is refused: a door on one relay has none")
    func positionRefused() {
        var door = Self.door(in: "closed")
        let action = door.command(.position(40), at: 0)
        #expect(action.refusal != nil)
        #expect(!action.pulse)
        #expect(door.state == .closed)
    }

    @Test("open: opening until the open input turns on, then open, with no deadline left")
    func opensToTheOpenInput() {
        var door = Self.door(in: "closed")
        #expect(door.command(.open, at: 0).deadline == Self.travel + Self.margin)
        #expect(door.endInput(.closed, isOn: false, at: Self.second).state == .opening)
        let arrived = door.endInput(.open, isOn: true, at: 14 * Self.second)
        #expect(arrived.state == .open)
        #expect(arrived.deadline == nil)
        #expect(arrived.fault == nil)
    }

    @Test("with only closed:, the door is opening for travel after it leaves closed, then open")
    func onlyClosedInput() {
        var door = RelayCover(travel: Self.travel, pulse: Self.pulse, closedInput: true, openInput: nil)
        #expect(door.state == .closed)
        #expect(door.command(.open, at: 0).pulse)
        let left = door.endInput(.closed, isOn: false, at: 2 * Self.second)
        #expect(left.state == .opening)
        #expect(left.deadline == 2 * Self.second + Self.travel)
        let open = door.deadlineFired(at: 2 * Self.second + Self.travel)
        #expect(open.state == .open)
        #expect(open.fault == nil)
        #expect(open.deadline == nil)
        // Closing: the closed input ends it.
        #expect(door.command(.close, at: 30 * Self.second).pulse)
        #expect(door.endInput(.closed, isOn: true, at: 44 * Self.second).state == .closed)
    }

    @Test("a door with only closed: and not closed at start is open")
    func onlyClosedStartsOpen() {
        #expect(RelayCover(travel: Self.travel, pulse: Self.pulse, closedInput: false, openInput: nil).state == .open)
    }

    @Test("a door pulsed that never leaves closed is closed again after travel and the margin, with a fault")
    func doorThatDoesNotMove() {
        var door = Self.door(in: "closed")
        let pulsed = door.command(.open, at: 0)
        #expect(pulsed.state == .opening)
        let due = try! #require(pulsed.deadline)
        #expect(due == Self.travel + Self.margin)
        #expect(door.deadlineFired(at: due - 1).state == .opening, "not before its deadline")
        let gaveUp = door.deadlineFired(at: due)
        #expect(gaveUp.state == .closed)
        #expect(gaveUp.fault?.contains("did not leave closed") == true)
        #expect(gaveUp.deadline == nil)
        #expect(!door.state.isMoving)
    }

    @Test("a door that leaves and does not reach open is stopped, with a fault")
    func doorThatStopsHalfway() {
        var door = Self.door(in: "closed")
        _ = door.command(.open, at: 0)
        _ = door.endInput(.closed, isOn: false, at: Self.second)
        let gaveUp = door.deadlineFired(at: Self.travel + Self.margin)
        #expect(gaveUp.state == .stopped)
        #expect(gaveUp.fault?.contains("did not reach open") == true)
        // Stopped while opening: the opener's next pulse closes it.
        #expect(door.command(.close, at: 20 * Self.second).pulse)
    }

    @Test("a door moved by hand or by its own remote is followed")
    func movedWithoutCommand() {
        var door = Self.door(in: "closed")
        let leaving = door.endInput(.closed, isOn: false, at: 0)
        #expect(leaving.state == .opening)
        #expect(!leaving.pulse)
        #expect(leaving.deadline == Self.travel + Self.margin)
        #expect(door.endInput(.open, isOn: true, at: 12 * Self.second).state == .open)
        #expect(door.endInput(.open, isOn: false, at: 20 * Self.second).state == .closing)
        #expect(door.endInput(.closed, isOn: true, at: 33 * Self.second).state == .closed)
        #expect(door.deadline == nil)
    }

    @Test("open, then stop 250 ms later: the stop waits until the relay has been released for its pulse, then presses, and only then is the door stopped")
    func pressWaitsForTheRelease() {
        var door = Self.door(in: "closed")
        #expect(door.releaseGap == Self.pulse)
        #expect(door.command(.open, at: 0).pulse)
        let stop = door.command(.stop, at: 250_000_000)
        #expect(!stop.pulse, "the relay is still pressed: a press now would make one long press")
        #expect(stop.pressWaits == 2 * Self.pulse)
        #expect(stop.state == .opening)
        #expect(stop.note == nil && stop.refusal == nil)
        #expect(door.waiting == .stop)
        #expect(door.deadline == 2 * Self.pulse)
        let early = door.deadlineFired(at: 2 * Self.pulse - 1)
        #expect(!early.pulse)
        #expect(early.state == .opening)
        let pressed = door.deadlineFired(at: 2 * Self.pulse)
        #expect(pressed.pulse)
        #expect(pressed.state == .stopped)
        #expect(door.waiting == nil)
        #expect(door.deadline == nil)
    }

    @Test("a command once the relay has been released for its pulse presses at once")
    func pressAfterTheGapIsImmediate() {
        var door = Self.door(in: "closed")
        _ = door.command(.open, at: 0)
        let stop = door.command(.stop, at: 2 * Self.pulse)
        #expect(stop.pulse)
        #expect(stop.pressWaits == nil)
        #expect(stop.state == .stopped)
    }

    @Test("a newer command replaces one waiting for the relay, and is decided when the relay is free")
    func newerCommandReplacesTheWaitingOne() {
        var door = Self.door(in: "closed")
        _ = door.command(.open, at: 0)
        _ = door.command(.stop, at: 250_000_000)
        let open = door.command(.open, at: 300_000_000)
        #expect(!open.pulse)
        #expect(open.note == "the door is opening already: no pulse sent")
        #expect(door.waiting == nil)
        #expect(door.deadline == Self.travel + Self.margin, "only the move's deadline is left")
        #expect(!door.deadlineFired(at: 2 * Self.pulse).pulse)
        #expect(door.state == .opening)
    }

    @Test("a waiting command is decided against the state when the relay is free: a door that reached open in between is not pressed")
    func waitingCommandDecidedLater() {
        var door = Self.door(in: "closed")
        _ = door.command(.open, at: 0)
        _ = door.command(.stop, at: 250_000_000)
        _ = door.endInput(.closed, isOn: false, at: 300_000_000)
        _ = door.endInput(.open, isOn: true, at: 900_000_000)
        let due = door.deadlineFired(at: 2 * Self.pulse)
        #expect(!due.pulse)
        #expect(due.state == .open)
        #expect(due.note == "the door is open, not moving: nothing to stop")
        #expect(door.deadline == nil)
    }

    @Test("the margin is a tenth of the travel, at least a second")
    func margin() {
        #expect(CoverMargin.margin(travel: 15 * Self.second) == 1_500_000_000)
        #expect(CoverMargin.margin(travel: 5 * Self.second) == Self.second)
    }
}

import Covers
import Testing
import Values

@Suite("Blinds on two motors: a position from travel time, ends, changes of direction")
struct MotorCoverTests {
    static let second: UInt64 = 1_000_000_000
    /// 20 s of travel: 5 % a second; the margin is 2 s.
    static let travel: UInt64 = 20 * second
    static let wait: UInt64 = 500_000_000

    static func blinds(at position: Double?) -> MotorCover {
        MotorCover(travel: travel, wait: wait, position: position)
    }

    @Test("to 40 % from closed: up for 8 s, then released at 40, stopped")
    func toForty() {
        var blinds = Self.blinds(at: 0)
        #expect(blinds.state(at: 0) == .closed)
        let start = blinds.command(.position(40), at: 0)
        #expect(start.drive == .up)
        #expect(start.state == .opening)
        #expect(start.deadline == 8 * Self.second)
        #expect(blinds.position(at: 4 * Self.second) == 20)
        let there = blinds.deadlineFired(at: 8 * Self.second)
        #expect(there.drive == MotorDrive.neither)
        #expect(there.state == .stopped)
        #expect(there.position == 40)
        #expect(there.deadline == nil)
    }

    @Test("back from 40 % to closed: down for the way left and the margin, then closed at 0")
    func backToClosed() {
        var blinds = Self.blinds(at: 40)
        let start = blinds.command(.close, at: 0)
        #expect(start.drive == .down)
        #expect(start.state == .closing)
        #expect(start.deadline == 8 * Self.second + 2 * Self.second, "runs to the end: the way left and the margin")
        #expect(blinds.position(at: 8 * Self.second) == 0)
        let end = blinds.deadlineFired(at: 10 * Self.second)
        #expect(end.drive == MotorDrive.neither)
        #expect(end.state == .closed)
        #expect(end.position == 0)
    }

    struct Row: CustomTestStringConvertible, Sendable {
        var state: String
        var command: CoverCommand
        var drive: MotorDrive?
        var after: CoverState
        var testDescription: String { "\(command.text) on blinds \(state)" }
    }

    /// Blinds brought to `state`: closed (0), open (100), stopped at 50, opening or
    /// closing from 50.
    static func blinds(in state: String) -> MotorCover {
        switch state {
        case "closed": return blinds(at: 0)
        case "open": return blinds(at: 100)
        case "opening":
            var blinds = blinds(at: 50)
            _ = blinds.command(.open, at: 0)
            return blinds
        case "closing":
            var blinds = blinds(at: 50)
            _ = blinds.command(.close, at: 0)
            return blinds
        default: return blinds(at: 50)
        }
    }

    static let table: [Row] = [
        Row(state: "closed", command: .open, drive: .up, after: .opening),
        Row(state: "closed", command: .close, drive: nil, after: .closed),
        Row(state: "closed", command: .stop, drive: nil, after: .closed),
        Row(state: "closed", command: .position(30), drive: .up, after: .opening),
        Row(state: "open", command: .open, drive: nil, after: .open),
        Row(state: "open", command: .close, drive: .down, after: .closing),
        Row(state: "open", command: .stop, drive: nil, after: .open),
        Row(state: "open", command: .position(30), drive: .down, after: .closing),
        Row(state: "stopped", command: .open, drive: .up, after: .opening),
        Row(state: "stopped", command: .close, drive: .down, after: .closing),
        Row(state: "stopped", command: .stop, drive: nil, after: .stopped),
        Row(state: "stopped", command: .position(30), drive: .down, after: .closing),
        Row(state: "opening", command: .open, drive: nil, after: .opening),
        Row(state: "opening", command: .close, drive: .neither, after: .closing),
        Row(state: "opening", command: .stop, drive: .neither, after: .stopped),
        Row(state: "opening", command: .position(70), drive: nil, after: .opening),
        Row(state: "closing", command: .open, drive: .neither, after: .opening),
        Row(state: "closing", command: .close, drive: nil, after: .closing),
        Row(state: "closing", command: .stop, drive: .neither, after: .stopped),
        Row(state: "closing", command: .position(30), drive: nil, after: .closing),
    ]

    @Test("every command in every state: what the motors are told and the state shown", arguments: table)
    func everyCommandInEveryState(_ row: Row) {
        var blinds = Self.blinds(in: row.state)
        let action = blinds.command(row.command, at: Self.second)
        #expect(action.drive == row.drive)
        #expect(action.state == row.after)
        #expect(action.refusal == nil)
    }

    @Test("a change of direction releases the motor, waits the interlock's wait, then drives the other way")
    func changeOfDirection() {
        var blinds = Self.blinds(at: 50)
        _ = blinds.command(.open, at: 0)
        let reverse = blinds.command(.close, at: 2 * Self.second)
        #expect(reverse.drive == MotorDrive.neither)
        #expect(reverse.state == .closing)
        #expect(reverse.position == 60)
        #expect(reverse.deadline == 2 * Self.second + Self.wait)
        #expect(blinds.position(at: 2 * Self.second + Self.wait) == 60, "no motor runs during the wait")
        let down = blinds.deadlineFired(at: 2 * Self.second + Self.wait)
        #expect(down.drive == .down)
        #expect(down.deadline == 2 * Self.second + Self.wait + 12 * Self.second + 2 * Self.second)
    }

    @Test("an end input re-zeroes the position and ends the move there")
    func endInputReZeroes() {
        var blinds = MotorCover(travel: Self.travel, wait: Self.wait, position: 30, closedInput: false)
        _ = blinds.command(.close, at: 0)
        // The reckoning says 10 %, but the blinds are down already.
        let closed = blinds.endInput(.closed, isOn: true, at: 4 * Self.second)
        #expect(closed.drive == MotorDrive.neither)
        #expect(closed.state == .closed)
        #expect(closed.position == 0)
        #expect(closed.deadline == nil)
    }

    @Test("a closed input at start makes the position 0, whatever was kept")
    func endInputAtStart() {
        #expect(MotorCover(travel: Self.travel, wait: Self.wait, position: 70, closedInput: true).position(at: 0) == 0)
        #expect(MotorCover(travel: Self.travel, wait: Self.wait, position: 70, closedInput: false).position(at: 0) == 70)
    }

    @Test("a kept position is where it starts; none kept: unknown, positions refused until an end is reached")
    func unknownPosition() {
        var blinds = Self.blinds(at: nil)
        #expect(blinds.position(at: 0) == nil)
        #expect(blinds.state(at: 0) == .stopped)
        #expect(blinds.command(.position(40), at: 0).refusal != nil)
        let up = blinds.command(.open, at: 0)
        #expect(up.drive == .up)
        #expect(up.deadline == Self.travel + 2 * Self.second, "the whole travel and the margin")
        let open = blinds.deadlineFired(at: Self.travel + 2 * Self.second)
        #expect(open.position == 100)
        #expect(open.state == .open)
        #expect(blinds.command(.position(40), at: 30 * Self.second).drive == .down)
    }

    @Test("a move to an end whose input does not turn on is logged as a fault")
    func endNotReached() {
        var blinds = MotorCover(travel: Self.travel, wait: Self.wait, position: 50, openInput: false)
        _ = blinds.command(.open, at: 0)
        let end = blinds.deadlineFired(at: 12 * Self.second)
        #expect(end.fault != nil)
        #expect(end.drive == MotorDrive.neither)
    }

    @Test("stop, then close at once: down waits for the interlock's wait from the moment up was released")
    func stopThenOtherWay() {
        var blinds = Self.blinds(at: 50)
        _ = blinds.command(.open, at: 0)
        let stop = blinds.command(.stop, at: 2 * Self.second)
        #expect(stop.drive == MotorDrive.neither)
        let close = blinds.command(.close, at: 2 * Self.second)
        #expect(close.drive != .down, "not at once")
        #expect(close.state == .closing)
        #expect(close.deadline == 2 * Self.second + Self.wait)
        let later = blinds.command(.position(20), at: 2 * Self.second + 100_000_000)
        #expect(later.drive != .down)
        #expect(later.deadline == 2 * Self.second + Self.wait, "a command during the wait does not shorten it")
        let start = blinds.deadlineFired(at: 2 * Self.second + Self.wait)
        #expect(start.drive == .down)
        #expect(start.position == 60)
    }

    @Test("stop, then the same way again: no wait (the same motor); the other way after the wait: at once")
    func stopThenSameWay() {
        var blinds = Self.blinds(at: 50)
        _ = blinds.command(.open, at: 0)
        _ = blinds.command(.stop, at: Self.second)
        #expect(blinds.command(.open, at: Self.second).drive == .up)
        _ = blinds.command(.stop, at: 2 * Self.second)
        #expect(blinds.command(.close, at: 2 * Self.second + Self.wait).drive == .down)
    }

    @Test("handed over mid-move: the machine goes on where it was; its release is carried to the next one")
    func handedOverRelease() {
        var blinds = Self.blinds(at: 50)
        _ = blinds.command(.open, at: 0)
        let handed = blinds.handedOver(at: Self.second)
        #expect(handed.position == 55)
        #expect(handed.released == MotorRelease(direction: .up, at: Self.second))
        var next = MotorCover(travel: Self.travel, wait: Self.wait, position: handed.position, released: handed.released)
        let close = next.command(.close, at: Self.second)
        #expect(close.drive != .down)
        #expect(close.deadline == Self.second + Self.wait)
    }
}

import Config
import Covers
import Logging
import Reactive
import Values

/// `covers: NAME`: a cover's state machine (`Covers.RelayCover` or `Covers.MotorCover`)
/// in the graph. Its end inputs' changes, its commands (`Engine.setCover`) and its
/// deadline (on `GraphTimers`: none while idle) go through the machine; the actions come
/// back as values for its outputs, which are bound like any output's, so pulses,
/// interlocks and the safe state at stop apply: the relay output follows `relay` (an
/// activation per pulse), the motor outputs follow `up` and `down`.
///
/// A reload of a cover declared the same way (and its outputs too) hands its machine
/// over as it is (`Carried`): a move under way goes on, its motor never released, its
/// deadline kept. One declared otherwise starts from the position and the last release.
final class CoverNode: TimedNode {
    enum Machine {
        case relay(RelayCover)
        case motors(MotorCover)

        /// When the machine is to be told the time next.
        var deadline: UInt64? {
            switch self {
            case .relay(let door): door.deadline
            case .motors(let motors): motors.deadline
            }
        }
    }

    /// What a reload carries of a cover declared the same way: all of it.
    struct Carried {
        var machine: Machine
        var ends: [CoverEnd: Bool]
        var reported: NodeValue
        var changedAt: UInt64?
        var lastFault: String?
    }

    let declaration: CoverDeclaration
    private(set) var machine: Machine
    /// What each of the cover's outputs follows, by output name.
    private(set) var drives: [String: Level] = [:]
    private(set) var reported: NodeValue
    private(set) var changedAt: UInt64?
    /// The last fault logged, for `why`.
    private(set) var lastFault: String?
    private let deadline = GraphDeadline()
    private let propagation: Propagation
    private let timers: GraphTimers
    private let logger: Logger
    private var ends: [CoverEnd: Bool] = [:]
    /// A reload carries this cover on in the engine that replaces this one: stopping
    /// this engine does not stop its move.
    var isHandedOver = false

    var name: String { declaration.name }
    var id: NodeID { .cover(declaration.name) }

    /// - Parameters:
    ///   - closed, open: the end inputs' levels, when the cover has them.
    ///   - position: the position to start from (carried over a reload, or kept).
    ///   - released: the motor last released, when `position` comes from a cover a
    ///     reload could not carry on whole.
    ///   - relayPulse: how long the relay output holds each press (its `pulse:`).
    ///   - carried: the whole state of the cover a reload replaces, declared the same way;
    ///     `position` and `released` are not used then.
    init(declaration: CoverDeclaration, closed: Level?, open: Level?, position: Double?, released: MotorRelease? = nil,
         relayPulse: Duration?, carried: Carried? = nil,
         now: UInt64, propagation: Propagation, timers: GraphTimers, logger: Logger) {
        self.declaration = declaration
        self.propagation = propagation
        self.timers = timers
        self.logger = logger
        if let carried {
            machine = carried.machine
            reported = carried.reported
            changedAt = carried.changedAt
            lastFault = carried.lastFault
            ends = carried.ends
            switch (declaration.drive, carried.machine) {
            case (.relay(let relay), _):
                drives[relay] = Level(false)
            case (.motors(let up, let down, _), .motors(let motors)):
                // The motor running goes on running: its output is asked on from the start.
                drives[up] = Level(motors.direction == .up)
                drives[down] = Level(motors.direction == .down)
            case (.motors(let up, let down, _), .relay):
                drives[up] = Level(false)
                drives[down] = Level(false)
            }
            timers.register(self)
            if let due = carried.machine.deadline {
                deadline.start(at: due, on: timers) { [unowned self] in deadlinePassed() }
            }
            // An end input that changed while the engines changed over.
            for (end, level) in [(CoverEnd.closed, closed), (.open, open)] {
                guard let isOn = level?.value, ends[end] != isOn else { continue }
                endInputChanged(end, isOn: isOn)
            }
            return
        }
        ends[.closed] = closed?.value
        ends[.open] = open?.value
        switch declaration.drive {
        case .relay(let relay):
            let door = RelayCover(travel: declaration.travel.wholeNanoseconds,
                                  pulse: relayPulse?.wholeNanoseconds ?? 0,
                                  closedInput: closed?.value ?? false, openInput: open?.value)
            machine = .relay(door)
            drives[relay] = Level(false)
            reported = .cover(door.state, position: nil)
        case .motors(let up, let down, let wait):
            let motors = MotorCover(travel: declaration.travel.wholeNanoseconds, wait: wait.wholeNanoseconds,
                                    position: position, closedInput: closed?.value, openInput: open?.value,
                                    released: released)
            machine = .motors(motors)
            drives[up] = Level(false)
            drives[down] = Level(false)
            reported = Self.value(motors.current(at: now))
        }
        timers.register(self)
    }

    /// Follows the end inputs' changes (not their current values: the machine started
    /// from those), once per transaction, from their settled values: an end that turned
    /// off is told before one that turned on, so that the machine never sees a state
    /// that did not exist (a door told closed, then that it left open, would be closing).
    func attach(closed: Level?, open: Level?) -> [AnyCancellable] {
        let evaluation = Evaluation(rank: propagation.rank()) { [unowned self] in
            let settled = [(CoverEnd.closed, closed?.value), (.open, open?.value)]
            let changed = settled.compactMap { end, isOn in isOn.flatMap { ends[end] == $0 ? nil : (end, $0) } }
            guard !changed.isEmpty else { return }
            let before = reported
            for (end, isOn) in changed where !isOn { endInputChanged(end, isOn: false, announcing: false) }
            for (end, isOn) in changed where isOn { endInputChanged(end, isOn: true, announcing: false) }
            // One change for the transaction, with the value both ends settled on.
            if reported != before, !propagation.isSettling {
                propagation.announce(change(at: propagation.timestamp, cause: propagation.cause))
            }
        }
        return [closed, open].compactMap { level in
            level?.dropFirst().react { [propagation, evaluation] _ in propagation.schedule(evaluation) }
        }
    }

    private func endInputChanged(_ end: CoverEnd, isOn: Bool, announcing: Bool = true) {
        ends[end] = isOn
        let now = propagation.timestamp
        switch machine {
        case .relay(var door):
            let action = door.endInput(end, isOn: isOn, at: now)
            machine = .relay(door)
            perform(action, announcing: announcing)
        case .motors(var motors):
            let action = motors.endInput(end, isOn: isOn, at: now)
            machine = .motors(motors)
            perform(action, announcing: announcing)
        }
    }

    /// All of the cover's state, for the engine a reload starts in this one's place.
    var carried: Carried {
        Carried(machine: machine, ends: ends, reported: reported, changedAt: changedAt, lastFault: lastFault)
    }

    /// What a cover on motors declared otherwise after a reload starts from: the position
    /// now and the last motor released (the running one, now).
    func handedOver(at now: UInt64) -> (position: Double?, released: MotorRelease?)? {
        guard case .motors(let motors) = machine else { return nil }
        return motors.handedOver(at: now)
    }

    /// Tells the machine `command`, now (the propagation's timestamp), and acts.
    func command(_ command: CoverCommand) -> CoverAction {
        let now = propagation.timestamp
        let action: CoverAction
        switch machine {
        case .relay(var door):
            action = door.command(command, at: now)
            machine = .relay(door)
        case .motors(var motors):
            action = motors.command(command, at: now)
            machine = .motors(motors)
        }
        if let note = action.note {
            logger.notice("cover '\(name)': \(command.text): \(note)",
                          metadata: ["gpio_cover": "\(name)", "gpio_command": "\(command.text)"])
        }
        if let due = action.pressWaits {
            let wait = ReadableDuration.format(nanoseconds: due &- now)
            logger.info("cover '\(name)': \(command.text): pressed in \(wait), once the relay has been released for its pulse",
                        metadata: ["gpio_cover": "\(name)", "gpio_command": "\(command.text)"])
        }
        perform(action)
        return action
    }

    private func deadlinePassed() {
        let now = propagation.timestamp
        switch machine {
        case .relay(var door):
            let waiting = door.waiting
            let action = door.deadlineFired(at: now)
            machine = .relay(door)
            if let waiting, door.waiting == nil, let note = action.note {
                logger.notice("cover '\(name)': \(waiting.text): \(note)",
                              metadata: ["gpio_cover": "\(name)", "gpio_command": "\(waiting.text)"])
            }
            perform(action)
        case .motors(var motors):
            let action = motors.deadlineFired(at: now)
            machine = .motors(motors)
            perform(action)
        }
    }

    /// Acts on what the machine decided; `announcing: false` leaves telling the observers
    /// to the caller, which decides more than once in one transaction.
    private func perform(_ action: CoverAction, announcing: Bool = true) {
        guard action.refusal == nil else { return }
        switch declaration.drive {
        case .relay(let relay):
            if action.pulse, let level = drives[relay] {
                // An activation: the output's pulse: makes the press.
                level.send(true)
                level.send(false)
            }
        case .motors(let up, let down, _):
            if let drive = action.drive, let upLevel = drives[up], let downLevel = drives[down] {
                // The one released first, so that the interlock never sees both asked.
                if drive != .up, upLevel.value { upLevel.send(false) }
                if drive != .down, downLevel.value { downLevel.send(false) }
                if drive == .up, !upLevel.value { upLevel.send(true) }
                if drive == .down, !downLevel.value { downLevel.send(true) }
            }
        }
        if let due = action.deadline {
            if !deadline.isPending || deadline.deadline != due {
                deadline.start(at: due, on: timers) { [unowned self] in deadlinePassed() }
            }
        } else {
            deadline.cancel()
        }
        if let fault = action.fault {
            lastFault = fault
            logger.error("cover '\(name)': \(fault)", metadata: ["gpio_cover": "\(name)"])
        }
        let value = Self.value(action)
        guard value != reported else { return }
        reported = value
        changedAt = propagation.timestamp
        guard announcing, !propagation.isSettling else { return }
        propagation.announce(change(at: propagation.timestamp, cause: propagation.cause))
    }

    /// The value a change reports: the state, and the position in whole percent.
    static func value(_ action: CoverAction) -> NodeValue {
        .cover(action.state, position: action.position.map { $0.rounded() })
    }

    func change(at timestamp: UInt64, cause: EngineChange.Cause) -> EngineChange {
        EngineChange(id, value: reported, timestamp: timestamp, cause: cause, precision: 0)
    }

    /// The value at `now`: a moving cover's position as reckoned now.
    func value(at now: UInt64) -> NodeValue {
        switch machine {
        case .relay: reported
        case .motors(let motors): Self.value(motors.current(at: now))
        }
    }

    /// The position to keep (two motors, when known).
    func position(at now: UInt64) -> Double? {
        if case .motors(let motors) = machine { return motors.position(at: now) }
        return nil
    }

    /// A cover on motors moving or about to: its value as its motors are released at
    /// stop (stopped where it is, or at an end), as a change; nil for any other.
    func stopped(at now: UInt64) -> EngineChange? {
        guard !isHandedOver, case .motors(let motors) = machine, motors.target != nil else { return nil }
        let position = motors.position(at: now).map { $0.rounded() }
        let state: CoverState = position == 0 ? .closed : position == 100 ? .open : .stopped
        reported = .cover(state, position: position)
        return change(at: now, cause: .safeState)
    }

    /// The time left before the deadline under way, for `why`.
    func remaining(at now: UInt64) -> UInt64? { deadline.remaining(at: now) }

    func cancelTimers() { deadline.cancel() }
}

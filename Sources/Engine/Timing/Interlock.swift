import Config
import Logging
import Loop

/// `interlocks: NAME: { outputs: [...], wait: D }`: at most one of the outputs is on.
///
/// Between what the graph asks of each output and what is written, whatever asks (a
/// cover, a command, what the output follows, a reload):
/// - an output asked to turn on while none of the others is on (or waiting) turns on,
///   but never sooner than `wait` after another went off (a timer then);
/// - one asked while another is on (or waiting to turn on) turns that one off first,
///   then turns on after `wait` (a timer, also for a `wait` of 0, so the off is written
///   before the on); the one turned off stays off until what it follows goes off and
///   asks again;
/// - two or more asked at the same instant all stay off, each until asked again, and
///   the engine logs an error naming them; so do two found on when the interlock is
///   built (a reload that groups outputs that were on, values kept apart);
/// - an output no longer asked turns off at once.
///
/// A member starts as its line is: on when the line is on (a reload hands it over on),
/// and the time it last went off (`OutputLine.wentOffAt`) still counts for the wait.
final class Interlock: TimedNode {
    private enum State {
        case off
        case waiting(LoopTimer)
        case on
        /// Refused (asked at the same instant as another) or displaced by another:
        /// off until asked again.
        case blocked
    }

    let declaration: InterlockDeclaration
    private var members: [OutputLine] = []
    private var requested: [Bool] = []
    private var states: [State] = []
    /// When each member last went off (staged off after being on), for the wait.
    private var offAt: [UInt64?] = []
    /// Members that asked to turn on since the last arbitration, in order.
    private var asked: [Int] = []
    private var isPending = false
    private let wait: UInt64
    private let propagation: Propagation
    private let timers: GraphTimers
    private let logger: Logger

    init(declaration: InterlockDeclaration, propagation: Propagation, timers: GraphTimers, logger: Logger) {
        self.declaration = declaration
        wait = declaration.wait.wholeNanoseconds
        self.propagation = propagation
        self.timers = timers
        self.logger = logger
        timers.register(self)
    }

    /// Adds a member as its line is now; call `settle()` once all are added.
    func add(_ output: OutputLine) {
        output.interlock = self
        output.interlockIndex = members.count
        members.append(output)
        requested.append(output.written)
        states.append(output.written ? .on : .off)
        offAt.append(output.written ? nil : output.wentOffAt)
    }

    /// Two or more members found on (lines handed over by a reload that made them one
    /// group): all go off, each until asked again, as if asked at the same instant.
    func settle() {
        let on = members.indices.filter { if case .on = states[$0] { return true } else { return false } }
        guard on.count > 1 else { return }
        for index in on {
            states[index] = .blocked
            offAt[index] = propagation.timestamp
            propagation.stage(members[index], false)
        }
        let names = on.map { "'\(members[$0].name)'" }
        logger.error(
            "interlock '\(declaration.name)': \(names.joined(separator: " and ")) were on together when it was set up; all go off until asked again",
            metadata: ["gpio_interlock": "\(declaration.name)",
                       "gpio_outputs": "\(on.map { members[$0].name }.joined(separator: ","))"])
    }

    /// The graph asks `output` (a member) for `value`.
    func request(_ output: OutputLine, _ value: Bool) {
        let index = output.interlockIndex
        guard requested[index] != value else { return }
        requested[index] = value
        if value {
            asked.append(index)
            if !isPending {
                isPending = true
                propagation.pendingInterlocks.append(self)
            }
        } else {
            switch states[index] {
            case .waiting(let timer): timer.cancel()
            case .on: offAt[index] = propagation.timestamp
            case .off, .blocked: break
            }
            states[index] = .off
            propagation.stage(output, false)
        }
    }

    /// Decides what the members asked for since the last time: called once the event
    /// has gone through the graph, before the writes.
    func arbitrate() {
        isPending = false
        let newcomers = asked.filter { requested[$0] }
        asked.removeAll(keepingCapacity: true)
        guard !newcomers.isEmpty else { return }
        if newcomers.count > 1 {
            for index in newcomers {
                states[index] = .blocked
                propagation.stage(members[index], false)
            }
            let names = newcomers.map { "'\(members[$0].name)'" }
            logger.error(
                "interlock '\(declaration.name)': \(names.joined(separator: " and ")) were asked to turn on at the same instant; all stay off until asked again",
                metadata: ["gpio_interlock": "\(declaration.name)",
                           "gpio_outputs": "\(newcomers.map { members[$0].name }.joined(separator: ","))"])
            return
        }
        let index = newcomers[0]
        var displaced = false
        for other in members.indices where other != index {
            switch states[other] {
            case .on:
                displaced = true
                offAt[other] = propagation.timestamp
            case .waiting(let timer):
                timer.cancel()
                displaced = true
            case .off, .blocked:
                continue
            }
            states[other] = .blocked
            propagation.stage(members[other], false)
        }
        // Not sooner than the wait after any other went off: a stop then the other way,
        // a command after a reload. One that went off in this very event is written
        // off first, even with a wait of 0.
        let now = propagation.timestamp
        var startAt = now
        var offNow = displaced
        for other in members.indices where other != index {
            guard let off = offAt[other] else { continue }
            startAt = max(startAt, off &+ wait)
            if off == now { offNow = true }
        }
        guard startAt > now || offNow else {
            states[index] = .on
            propagation.stage(members[index], true)
            return
        }
        let timer = timers.schedule(at: startAt) { [unowned self] in waitEnded(index) }
        states[index] = .waiting(timer)
    }

    private func waitEnded(_ index: Int) {
        guard case .waiting = states[index], requested[index] else { return }
        // Never two on, even should another member be on by now: then this one is held
        // off until asked again.
        guard !members.indices.contains(where: { other in
            guard other != index else { return false }
            if case .on = states[other] { return true }
            return false
        }) else {
            states[index] = .blocked
            return
        }
        states[index] = .on
        propagation.stage(members[index], true)
    }

    /// What holds `output` off, for `why`; nil when nothing does.
    func hold(on output: OutputLine) -> String? {
        switch states[output.interlockIndex] {
        case .waiting: return "waiting \(ConfigText.duration(declaration.wait)) in interlock '\(declaration.name)'"
        case .blocked where requested[output.interlockIndex]:
            return "held off by interlock '\(declaration.name)' until what it follows goes off and on again"
        default: return nil
        }
    }

    func cancelTimers() {
        for index in states.indices {
            if case .waiting(let timer) = states[index] { timer.cancel() }
        }
    }
}

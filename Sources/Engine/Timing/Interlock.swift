import Config
import Logging
import Loop

/// `interlocks: NAME: { outputs: [...], wait: D }`: at most one of the outputs is on.
///
/// Between what the graph asks of each output and what is written:
/// - an output asked to turn on while none of the others is on (or waiting) turns on;
/// - one asked while another is on (or waiting to turn on) turns that one off first,
///   then turns on after `wait` (a timer, also for a `wait` of 0, so the off is written
///   before the on); the one turned off stays off until what it follows goes off and
///   asks again;
/// - two or more asked at the same instant all stay off, each until asked again, and
///   the engine logs an error naming them;
/// - an output no longer asked turns off at once.
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

    func add(_ output: OutputLine) {
        output.interlock = self
        output.interlockIndex = members.count
        members.append(output)
        requested.append(false)
        states.append(.off)
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
            if case .waiting(let timer) = states[index] { timer.cancel() }
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
            case .waiting(let timer):
                timer.cancel()
                displaced = true
            case .off, .blocked:
                continue
            }
            states[other] = .blocked
            propagation.stage(members[other], false)
        }
        guard displaced else {
            states[index] = .on
            propagation.stage(members[index], true)
            return
        }
        let timer = timers.schedule(at: propagation.timestamp &+ wait) { [unowned self] in waitEnded(index) }
        states[index] = .waiting(timer)
    }

    private func waitEnded(_ index: Int) {
        guard case .waiting = states[index], requested[index] else { return }
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

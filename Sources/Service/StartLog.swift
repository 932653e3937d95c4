import Config
import Engine
import GPIO
import Logging
import Reactive
import Values

/// The journal's side of the engine: one line per change (`Logger.change`), and at
/// start the level of everything in order: each output's initial value as it was
/// written (a PWM channel running already: the duty cycle it was taken over at), then the inputs as read and the signals as computed, then the writes the
/// graph settled on, which wait here until the start's report.
///
/// ```swift
/// let log = StartLog(logging: logging)
/// let observation = log.observe(engine)
/// log.begin()
/// try engine.start()
/// log.report(configuration, engine.snapshot(), now: loop.now)
/// ```
///
/// Loop thread only.
final class StartLog {
    private let logging: DaemonLogging
    /// While starting: the changes that come after the outputs' initial values.
    private var held: [EngineChange]?

    init(logging: DaemonLogging) {
        self.logging = logging
    }

    /// Logs every change `engine` reports (not a heartbeat's repeats), holding back those
    /// of the start until `report`.
    func observe(_ engine: Engine) -> AnyCancellable {
        engine.observeChanges { [weak self] change in
            // A heartbeat's repeat is for MQTT; the log has the value already.
            guard let self, !change.isRepeat else { return }
            if holdsBack(change) {
                held?.append(change)
            } else {
                logging.logger.change(change)
            }
        }
    }

    /// Whether `change` waits for the start's report rather than being logged now (and
    /// so is not one the other services act on either: the start is not over).
    func holdsBack(_ change: EngineChange) -> Bool {
        held != nil && !change.isStart
    }

    /// The engine starts: hold what comes after the initial values.
    func begin() { held = [] }

    /// The engine did not start: nothing to report.
    func abandon() { held = nil }

    /// The inputs' and signals' starting values, then the changes held back.
    func report(_ configuration: Configuration, _ snapshot: EngineSnapshot, now: UInt64) {
        let logger = logging.logger
        func starting(_ node: NodeID, chip: String? = nil, line: LineLocator? = nil) -> EngineChange {
            EngineChange(node, value: snapshot[node] ?? .unavailable, timestamp: now, cause: .initial, chip: chip,
                         line: line, precision: snapshot.precision(of: node.name))
        }
        for input in configuration.inputs {
            logger.change(starting(.input(input.name), chip: input.chip, line: input.line))
        }
        for name in configuration.commandInputs.map(\.name) + configuration.remoteInputs.map(\.name)
            + configuration.sensorInputs.map(\.name) {
            logger.change(starting(.input(name)))
        }
        for signal in configuration.signals {
            logger.change(starting(.signal(signal.name)))
        }
        let later = held ?? []
        held = nil
        for change in later { logger.change(change) }
    }

    /// The names' width, for the terminal's columns.
    func learn(_ configuration: Configuration) {
        logging.layout.nameWidth = (configuration.inputNames + configuration.signals.map(\.name)
            + configuration.outputs.map(\.name) + configuration.pwmOutputs.map(\.name)).map(\.count).max() ?? 0
    }

    /// `3 inputs (1 command), 1 signal, 3 outputs (2 PWM)`: the start line's, the
    /// reload's and `STATUS=`'s counts.
    static func counts(_ configuration: Configuration) -> String {
        var kinds: [String] = []
        if !configuration.commandInputs.isEmpty { kinds.append("\(configuration.commandInputs.count) command") }
        if !configuration.remoteInputs.isEmpty { kinds.append("\(configuration.remoteInputs.count) remote") }
        if !configuration.sensorInputs.isEmpty { kinds.append("\(configuration.sensorInputs.count) sensor") }
        let inputs = counted(configuration.inputNames.count, "input")
            + (kinds.isEmpty ? "" : " (" + kinds.joined(separator: ", ") + ")")
        let pwm = configuration.pwmOutputs.count
        let outputs = counted(configuration.outputs.count + pwm, "output") + (pwm == 0 ? "" : " (\(pwm) PWM)")
        return [inputs, counted(configuration.signals.count, "signal"), outputs].joined(separator: ", ")
    }

    static func counted(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}

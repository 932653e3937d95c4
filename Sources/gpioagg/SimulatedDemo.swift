import Reactive

/// The embedded demo signal graph on simulated lines: `switch1`, `switch2` and
/// `switch3` (active high, starting off), the signal `all_on` (combineLatest over the
/// three, all true), and the output `ready_led` that follows `all_on` (initial and safe
/// state: off).
///
/// The same graph as `config/gpioagg.yaml`, wired by hand. Not thread-safe: the
/// command loop and the signal handler call it from one serial queue.
final class SimulatedDemo: @unchecked Sendable {
    enum Next { case `continue`, quit }

    private let switches: [SimulatedSwitch]
    private let readyLED: SimulatedOutput
    private let log: (String) -> Void
    private let warn: (String) -> Void
    private var bindings: [AnyCancellable] = []

    /// - Parameters:
    ///   - log: receives one line per change of a line's level.
    ///   - warn: receives one line per rejected command.
    init(log: @escaping (String) -> Void, warn: @escaping (String) -> Void) {
        self.log = log
        self.warn = warn
        switches = ["switch1", "switch2", "switch3"].map { SimulatedSwitch(name: $0, log: log) }
        readyLED = SimulatedOutput(name: "ready_led", safe: false, log: log)
    }

    func start() {
        log("simulating inputs switch1, switch2, switch3; output ready_led follows all_on")
        readyLED.start(initial: false)
        let allOn = switches.map(\.level).combineLatest
            .map { levels in levels.allSatisfy { $0 } }
            .removeDuplicates()
        bindings.append(allOn.bind(to: readyLED.level))
        log("ready")
    }

    func handle(command line: String) -> Next {
        let words = line.split(separator: " ").map(String.init)
        guard let verb = words.first else { return .continue }
        switch (verb, words.count) {
        case ("quit", 1), ("exit", 1):
            return .quit
        case ("status", 1):
            for input in switches { log("\(input.name) \(input.isOn ? "on" : "off")") }
            log("ready_led \(readyLED.isOn ? "on" : "off")")
        case ("1", 1), ("2", 1), ("3", 1):
            let input = switches[Int(verb)! - 1]
            input.set(!input.isOn)
        case ("on", 2), ("off", 2), ("toggle", 2):
            guard let input = switches.first(where: { $0.name == words[1] }) else {
                warn("error: no input named '\(words[1])'; inputs: "
                    + switches.map(\.name).joined(separator: ", "))
                return .continue
            }
            input.set(verb == "toggle" ? !input.isOn : verb == "on")
        default:
            warn("error: unknown command '\(line)'; try: on NAME, off NAME, toggle NAME, status, quit")
        }
        return .continue
    }

    /// Cancels the graph and drives every output to its safe state.
    func stop(reason: String) {
        bindings.forEach { $0.cancel() }
        bindings = []
        readyLED.applySafeState()
        log("stopped (\(reason))")
    }
}

/// A simulated input line: a publisher that starts from the line's level and then
/// follows its changes.
final class SimulatedSwitch {
    let name: String
    private let subject: CurrentValueSubject<Bool, Never>
    private let log: (String) -> Void

    init(name: String, initial: Bool = false, log: @escaping (String) -> Void) {
        self.name = name
        self.log = log
        subject = CurrentValueSubject(initial)
    }

    var isOn: Bool { subject.value }
    var level: AnyPublisher<Bool, Never> { subject.eraseToAnyPublisher() }

    func set(_ on: Bool) {
        guard on != subject.value else { return }
        log("\(name) \(on ? "on" : "off")")
        subject.send(on)
    }
}

/// A simulated output line fed through an `AnyConsumer`.
final class SimulatedOutput {
    let name: String
    @Input var level = AnyConsumer<Bool>()
    private(set) var isOn: Bool
    private let safe: Bool
    private let log: (String) -> Void
    private var writer: AnyCancellable?

    init(name: String, safe: Bool, log: @escaping (String) -> Void) {
        self.name = name
        self.isOn = safe
        self.safe = safe
        self.log = log
    }

    /// Drives the initial level, then follows what is sent into `level`.
    func start(initial: Bool) {
        isOn = initial
        log("\(name) \(initial ? "on" : "off") (initial)")
        writer = _level.sink { [unowned self] in self.write($0) }
    }

    /// Stops following `level` and drives the safe level.
    func applySafeState() {
        writer = nil
        isOn = safe
        log("\(name) \(safe ? "on" : "off") (safe state)")
    }

    private func write(_ on: Bool) {
        guard on != isOn else { return }
        isOn = on
        log("\(name) \(on ? "on" : "off")")
    }
}

import Config
import Control
import Engine
import GPIO
import GPIOSimulated
import Logging
import Loop
import PWM
import Values

/// What the daemon runs now: the engine, the configuration it was built from and the
/// backends under it (the lines', and the PWM controllers' when the configuration has
/// PWM outputs). The daemon replaces them at once when a reload is applied;
/// the services that act on the engine (control replies, line commands, keys, the
/// settling of simulated inputs) hold this, not the daemon, and so always reach the
/// engine that runs.
///
/// ```swift
/// let running = RunningEngine(engine: engine, configuration: configuration, backend: backend, simulated: true)
/// running.engine.snapshot()
/// try running.simulate("switch1", .toggle)    // under --simulate
/// ```
///
/// Loop thread only.
final class RunningEngine {
    private(set) var engine: Engine
    private(set) var configuration: Configuration
    /// Reloads applied since start: engines that replaced the running one.
    private(set) var replacements = 0
    private(set) var backend: any GPIOBackend
    /// The PWM controllers; nil while no configuration had PWM outputs. Kept across
    /// reloads once made.
    private(set) var pwm: (any PWMBackend)?
    /// Whether the lines are simulated (`GPIOBackendFactory.isSimulated`): only then are
    /// they moved by hand, whatever the backend is.
    private let simulated: Bool
    /// Where sensor inputs are read (`SensorInputs`); nil when they are set by hand.
    let sensorRoot: String?
    /// The edges read and transactions run by the engines reloads replaced: an engine
    /// counts from its own start, `/metrics` from the daemon's.
    private var retired = (inputEvents: 0, transactions: 0)
    /// Told how late each transaction of the running engine ended (`Engine.recordLag`):
    /// set while the daemon serves metrics, and handed to each engine a reload starts.
    var recordLag: ((Duration) -> Void)? {
        didSet { engine.recordLag = recordLag }
    }

    init(engine: Engine, configuration: Configuration, backend: any GPIOBackend, pwm: (any PWMBackend)? = nil,
         simulated: Bool, sensorRoot: String? = nil) {
        self.engine = engine
        self.configuration = configuration
        self.backend = backend
        self.pwm = pwm
        self.simulated = simulated
        self.sensorRoot = sensorRoot
        engine.sensorRoot = sensorRoot
    }

    /// The engine for the options' configuration at start, on the backends their factory
    /// makes for it.
    convenience init(_ options: Daemon.Options, loop: any EventLoop, logger: Logger) {
        let backend = options.backend.backend(for: options.configuration, on: loop)
        let pwm = options.backend.pwm.backend(for: options.configuration)
        self.init(engine: Engine(configuration: options.configuration, backend: backend, pwm: pwm, loop: loop,
                                 logger: logger),
                  configuration: options.configuration, backend: backend, pwm: pwm,
                  simulated: options.backend.isSimulated, sensorRoot: options.sensorRoot)
    }

    /// A reload was applied: `engine` runs `configuration` on `backend` and `pwm` from
    /// now on.
    func replace(engine: Engine, configuration: Configuration, backend: any GPIOBackend, pwm: (any PWMBackend)?) {
        replacements += 1
        let previous = self.engine.statistics
        retired.inputEvents += previous.inputEvents
        retired.transactions += previous.transactions
        engine.sensorRoot = sensorRoot
        engine.recordLag = recordLag
        self.engine = engine
        self.configuration = configuration
        self.backend = backend
        self.pwm = pwm
    }

    /// Edge events read since the daemon started, over its reloads.
    var inputEvents: Int { retired.inputEvents + engine.statistics.inputEvents }
    /// Transactions run since the daemon started, over its reloads.
    var transactions: Int { retired.transactions + engine.statistics.transactions }

    /// The simulated chips, under `--simulate`.
    var simulation: SimulatedBackend? { simulated ? backend as? SimulatedBackend : nil }

    var simulatedInputs: SimulatedInputs? {
        simulation.map { SimulatedInputs(backend: $0, engine: engine, configuration: configuration) }
    }

    /// The one-line summary for `STATUS=`: what runs, what is on (a PWM output above
    /// 0 % with its duty cycle: `fan 65.0 %`), and the MQTT connection's summary when
    /// there is one.
    func status(mqtt: String?) -> String {
        let snapshot = engine.snapshot()
        let on = snapshot.outputs.sorted { $0.key < $1.key }.compactMap { name, value -> String? in
            if value.isOn { return name }
            guard let number = value.number, number > 0 else { return nil }
            return name + " " + value.text(precision: snapshot.precision(of: name))
        }
        return (simulation == nil ? "" : "simulating; ") + StartLog.counts(configuration)
            + (on.isEmpty ? "; no output on" : "; on: " + on.joined(separator: ", "))
            + (mqtt.map { "; mqtt: " + $0 } ?? "")
    }

    /// Moves a simulated input; returns a numeric input's new value.
    @discardableResult
    func simulate(_ name: String, _ action: SimAction) throws(SimulatedInputs.Refusal) -> NodeValue? {
        guard let simulatedInputs else {
            throw SimulatedInputs.Refusal(message: "gpioagg is not simulating its inputs (start it with --simulate)")
        }
        if let sensorRoot, let sensor = configuration.sensorInputs.first(where: { $0.name == name }) {
            // Its readings come from the tree: one set by hand would be overwritten at the
            // next interval.
            throw SimulatedInputs.Refusal(message: "'\(name)' reads \(sensor.sensor) under \(sensorRoot) (--sysfs-root)",
                                          hint: "write its value file there to change it")
        }
        return try simulatedInputs.perform(action, on: name)
    }
}

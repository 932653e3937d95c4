import Config
import Sensors

/// What the daemon does with the readings of its sensor inputs, and when one goes
/// unavailable: the state of each input, and `Action`s for the caller to perform
/// (`SensorInputs`). Pure: times are nanoseconds of the caller's clock (the loop's).
///
/// A good reading sets the input. A failed one keeps the last good value (or the
/// `initial:` one) until the input's `timeout` has passed since its last good read
/// (since the start, when none came yet); then the input becomes unavailable, once,
/// with the last failure as the cause. A read that hangs delivers nothing at all, so
/// the timeout is a deadline (`nextDeadline`) that the caller arms one timer for, not
/// something a reading checks. The next good reading brings the input back.
///
/// ```swift
/// var states = SensorInputStates(configuration.sensorInputs, start: loop.now)
/// states.receive(readings, at: loop.now)   // [.set(name: "cpu", value: 48.3)]
/// states.deadlinePassed(at: loop.now)      // [.unavailable(name: "cpu", ...)] once the timeout passed
/// ```
struct SensorInputStates {
    enum Action: Equatable {
        /// A good reading: the input takes it; `after` is how long it was unavailable when
        /// this brings it back, nil when it was not.
        case set(name: String, value: Double, after: UInt64?)
        /// The timeout passed: the input becomes unavailable, which is logged once with
        /// the cause, the last failure (nil: no reading came back at all); `quiet` is how
        /// long there was no good read.
        case unavailable(name: String, sensor: Sensor, cause: SensorFailure?, quiet: UInt64, timeout: UInt64)
    }

    struct Input: Equatable {
        let declaration: SensorInputDeclaration
        var timeout: UInt64 { max(1, declaration.timeout.wholeNanoseconds) }
        /// The last good read, or when the input started waiting for one.
        var lastGood: UInt64
        /// When the timeout made it unavailable; nil while it is not.
        var unavailableSince: UInt64?
        /// The last read's failure, nil after a good read.
        var failure: SensorFailure?
        /// Reads of its sensor that failed since the daemon started (a reload carries
        /// them on for an input of the same name): `gpioagg_sensor_read_failures_total`.
        var failures = 0
    }

    private(set) var inputs: [Input]
    /// The inputs on each sensor, by index: a reading finds its inputs at once, however
    /// many inputs there are.
    private let inputsOn: [Sensor: [Int]]

    /// Each input waits for its first read from `start`. An input of `previous` declared
    /// the same way keeps its state there (its last good read, whether it is unavailable),
    /// as the engine keeps its value.
    init(_ declarations: [SensorInputDeclaration], start: UInt64, carrying previous: SensorInputStates? = nil) {
        inputs = declarations.map { declaration in
            let named = previous?.inputs.first { $0.declaration.name == declaration.name }
            if let kept = named, declaration.isUnchanged(from: kept.declaration) {
                return Input(declaration: declaration, lastGood: kept.lastGood, unavailableSince: kept.unavailableSince,
                             failure: kept.failure, failures: kept.failures)
            }
            return Input(declaration: declaration, lastGood: start, unavailableSince: nil, failure: nil,
                         failures: named?.failures ?? 0)
        }
        var inputsOn: [Sensor: [Int]] = [:]
        for (index, declaration) in declarations.enumerated() { inputsOn[declaration.sensor, default: []].append(index) }
        self.inputsOn = inputsOn
    }

    /// A batch's readings, in the order read: a good one sets each input on its sensor; a
    /// failure is remembered and changes nothing until the deadline.
    mutating func receive(_ readings: [SensorReading], at now: UInt64) -> [Action] {
        var actions: [Action] = []
        for reading in readings {
            for index in inputsOn[reading.sensor] ?? [] {
                switch reading.outcome {
                case .success(let value):
                    let after = inputs[index].unavailableSince.map { now - min(now, $0) }
                    inputs[index].lastGood = now
                    inputs[index].unavailableSince = nil
                    inputs[index].failure = nil
                    actions.append(.set(name: inputs[index].declaration.name, value: value, after: after))
                case .failure(let failure):
                    inputs[index].failure = failure
                    inputs[index].failures += 1
                }
            }
        }
        return actions + deadlinePassed(at: now)
    }

    /// The inputs whose timeout has passed at `now` without a good read, each once.
    mutating func deadlinePassed(at now: UInt64) -> [Action] {
        var actions: [Action] = []
        for index in inputs.indices where inputs[index].unavailableSince == nil {
            let input = inputs[index]
            guard now >= input.lastGood &+ input.timeout else { continue }
            inputs[index].unavailableSince = now
            actions.append(.unavailable(name: input.declaration.name, sensor: input.declaration.sensor,
                                        cause: input.failure, quiet: now - min(now, input.lastGood),
                                        timeout: input.timeout))
        }
        return actions
    }

    /// Each input's failed reads since start, in the order declared.
    var readFailures: [(input: String, failures: Int)] {
        inputs.map { ($0.declaration.name, $0.failures) }
    }

    /// The last read's failure of input `name`; nil after a good read.
    func failure(of name: String) -> SensorFailure? {
        inputs.first { $0.declaration.name == name }?.failure
    }

    /// When the next input becomes unavailable unless a good reading comes first; nil
    /// when every input is unavailable already (or there is none).
    var nextDeadline: UInt64? {
        inputs.filter { $0.unavailableSince == nil }.map { $0.lastGood &+ $0.timeout }.min()
    }
}

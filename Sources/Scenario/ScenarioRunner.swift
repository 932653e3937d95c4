import Clock
import Config
import Engine
import GPIO
import GPIOSimulated
import Keeping
import KeptState
import Logging
import LoopEmbedded
import PWMSimulated
import Reactive
import Simulation
import Values

/// Runs a test file on the event loop's virtual-time twin (`EmbeddedEventLoop`): the
/// config's engine on simulated chips (`SimulatedBackend.simulating`), its inputs moved
/// on their chip lines, so that each input's debounce applies as on the board. Time
/// passes only as the steps say, so hours of a scenario take milliseconds. With `mqtt:`,
/// the daemon's MQTT bridge runs beside it on a broker in memory (`ScenarioBroker`), and
/// `remote:` and `broker:` steps move its remote inputs.
///
/// Every expectation is checked, failed or not, and the scenario goes on after a failure.
/// A failure says where, what was expected at what time since the start, and the latest
/// changes of what the name follows (an output: its `follows` and that signal's
/// operands; a signal: its operands; an input: itself).
///
/// ```swift
/// let result = ScenarioRunner.run(try ScenarioLoader.load(path: "garage.test.yaml"))
/// for failure in result.failures { print(failure) }
/// // garage.test.yaml:8:13: error: expected light_relay on at 2m1s, it is off
/// //   1m58s  input motion off
/// print(result.passed, result.failed)
/// ```
///
/// `expect_active` and `expect_quiet` look at the changes the engine reports
/// (`Engine.observeChanges`) since the latest step that acted (`set`, `toggle`, `pulse`,
/// `wait`) began: a change of the name to on counts, even one undone in the same
/// instant.
///
/// `restart:` stops the engine as the daemon stops and starts a new one on the same
/// chips, loop and clock, from what a `KeptValueRecorder` kept in memory
/// (`KeptValueMemory`): the daemon's own rules of what is kept and when.
public final class ScenarioRunner {
    /// How many changes a failure lists.
    public static let recentChangeCount = 5

    private let loaded: LoadedScenario
    private let numbers: NumericNodes
    private let loop: EmbeddedEventLoop
    private let backend: SimulatedBackend
    private var engine: Engine
    private let pwm: SimulatedPWMBackend
    /// The state file: what the engines handed over to be kept across a restart.
    private let kept = KeptValueMemory()
    /// The running engine's keeper; a restart starts a new one, as a new process would.
    private var recorder: KeptValueRecorder
    /// The subscriptions to the running engine's changes.
    private var observations: [AnyCancellable] = []
    /// While an engine starts: its changes other than its start's are not kept, as the
    /// daemon's start log holds them back.
    private var starting = false
    /// The readings `set:` gave numeric inputs that take no command: a sensor's device
    /// reads the same after a restart.
    private var readings: [String: NodeValue] = [:]
    private let start: UInt64
    private var history = ChangeHistory(depth: ScenarioRunner.recentChangeCount)
    /// When each name first turned on since `windowStart`.
    private var activations: [String: UInt64] = [:]
    private var windowStart: UInt64
    private var engineFailure: EngineError?
    /// The bridge on the broker's twin, when the config has `mqtt:`.
    private let broker: ScenarioBroker?
    private let remoteTopics: RemoteTopics
    private var result: ScenarioResult

    /// Runs every step of `loaded`, on the calling thread.
    public static func run(_ loaded: LoadedScenario) -> ScenarioResult {
        ScenarioRunner(loaded).run()
    }

    private init(_ loaded: LoadedScenario) {
        self.loaded = loaded
        numbers = NumericNodes(loaded.configuration)
        loop = EmbeddedEventLoop(wallClock: Self.wallClock(loaded.scenario.start ?? Scenario.defaultStart,
                                                           in: loaded.configuration.clock.zone))
        backend = SimulatedBackend.simulating(loaded.configuration, clock: loop)
        pwm = SimulatedPWMBackend.forConfiguration(loaded.configuration)
        recorder = KeptValueRecorder(bootClock: Self.bootClock(of: loop), loop: loop, sink: kept)
        recorder.learn(loaded.configuration)
        engine = Engine(configuration: loaded.configuration, backend: backend,
                        pwm: pwm, loop: loop, consumer: "gpioagg-test",
                        logger: Logger(label: "gpioagg.test") { _ in SwiftLogNoOpLogHandler() })
        broker = ScenarioBroker(loaded.configuration, engine: engine, loop: loop)
        remoteTopics = RemoteTopics(loaded.configuration)
        start = loop.now
        windowStart = loop.now
        result = ScenarioResult(file: loaded.scenario.file)
    }

    private func run() -> ScenarioResult {
        observe(engine)
        defer { observations = [] }
        // Leading `clock: unsynchronized` steps are how the board boots: with a clock the
        // kernel does not call synchronized yet.
        let booting = loaded.scenario.steps.prefix { $0.action == .clock(.unsynchronized) }
        if !booting.isEmpty { loop.setWallClockSynchronized(false) }
        holdInitialLevels()
        do {
            try start(engine)
        } catch {
            result.error = error.description
            return result
        }
        loop.run()
        broker?.start()
        loop.run()
        for step in loaded.scenario.steps.dropFirst(booting.count) {
            if step.acts {
                windowStart = loop.now
                activations.removeAll()
            }
            perform(step)
            if let engineFailure {
                result.error = "\(step.location): error: the engine stopped here\n\(engineFailure.description)"
                break
            }
        }
        result.elapsed = .nanoseconds(Int64(loop.now - start))
        broker?.stop()
        loop.run()
        engine.stop()
        return result
    }

    private func record(_ change: EngineChange) {
        // A heartbeat's repeat is the same value again, for what publishes it; as the log
        // does, the changes under a failure leave it out, or a few minutes of repeats
        // would hide the change that explains the value.
        guard !change.isRepeat else { return }
        history.record(change)
        if change.value.isOn, change.cause != .safeState, activations[change.name] == nil {
            activations[change.name] = change.timestamp
        }
    }

    /// `initial:`: each line input held at its level, as a switch holds it, before the
    /// start requests and reads it.
    private func holdInitialLevels() {
        let configuration = loaded.configuration
        for value in loaded.scenario.initial {
            guard case .level(let level) = value.value,
                  let input = configuration.inputs.first(where: { $0.name == value.name }),
                  let chip = configuration.chips.first(where: { $0.name == input.chip }),
                  let simulated = backend.simulatedChip(chip.locator) else { continue }
            simulated.hold(input.line, high: level != input.activeLow)
        }
    }

    /// `local` in `zone`, in nanoseconds since the Unix epoch.
    static func wallClock(_ local: LocalDateTime, in zone: TimeZoneRules) -> Int64 {
        zone.instant(of: local) * 1_000_000_000
    }

    // MARK: Steps

    private func perform(_ step: ScenarioStep) {
        switch step.action {
        case .set(let values):
            // One transaction: what the names decide together, as at one instant. Lines
            // moved on the chip come in one read at the same timestamp.
            engine.transaction {
                for value in values {
                    set(value)
                }
            }
            loop.run()
        case .clock(.set(let local)):
            loop.setWallClock(to: Self.wallClock(local, in: loaded.configuration.clock.zone))
            loop.run()
        case .clock(.synchronized):
            loop.setWallClockSynchronized(true)
            loop.run()
        case .clock(.unsynchronized):
            loop.setWallClockSynchronized(false)
            loop.run()
        case .toggle(let names):
            for name in names {
                let now = engine.value(of: .input(name.name))?.level ?? false
                if !give(name.name, !now) { move(name.name) { $0.toggle($1) } }
            }
            loop.run()
        case .pulse(let pulses):
            let begin = loop.now
            for pulse in pulses {
                if !give(pulse.name, true) { move(pulse.name) { $0.setActive($1, true) } }
            }
            loop.run()
            let byEnd = pulses.enumerated().sorted { ($0.element.duration, $0.offset) < ($1.element.duration, $1.offset) }
            for (_, pulse) in byEnd {
                loop.advance(to: begin + pulse.duration.wholeNanoseconds)
                if !give(pulse.name, false) { move(pulse.name) { $0.setActive($1, false) } }
                loop.run()
            }
        case .pulses(let trains):
            pressAndRelease(trains)
        case .wait(let duration):
            loop.advance(by: duration)
        case .expect(let values):
            let snapshot = engine.snapshot()
            for expected in values {
                // A PWM output: the duty cycle its channel runs now (a ramp's step).
                let value = loaded.configuration.pwmOutput(named: expected.name) != nil
                    ? engine.pwmDuty(expected.name).map { NodeValue.number($0, "%") } ?? .unavailable
                    : snapshot.value(named: expected.name)?.value
                let precision = snapshot.precision(of: expected.name)
                let unit = numbers.number(of: expected.name)?.unit ?? .none
                check(value.map { expected.value.matches($0, precision: precision) } ?? false,
                      at: expected.location, name: expected.name,
                      "expected \(expected.name) \(expected.value.text(unit: unit, precision: precision)) "
                          + "at \(time(loop.now)), it is \(value.map { $0.text(precision: precision) } ?? "unknown")")
            }
        case .expectActive(let names):
            for name in names {
                check(activations[name.name] != nil, at: name.location, name: name.name,
                      "expected \(name.name) to turn on since \(time(windowStart)), it did not "
                          + "(it is \(currentValue(name.name)) at \(time(loop.now)))")
            }
        case .expectQuiet(let names):
            for name in names {
                let on = activations[name.name]
                check(on == nil, at: name.location, name: name.name,
                      "expected \(name.name) quiet since \(time(windowStart)), it turned on at \(time(on ?? loop.now))")
            }
        case .remote(.publish(let messages)):
            for message in messages {
                broker?.publish(remoteTopics.topic(written: message.topic) ?? message.topic, message.payload)
            }
            loop.run()
        case .remote(.status(let node, let online, _)):
            broker?.status(of: node, online: online)
            loop.run()
        case .broker(let state):
            broker?.reachable(state == .up)
            loop.run()
        case .restart(let how):
            restart(how)
        }
    }

    /// Each train's presses and releases in time order (a release before a press at the
    /// same instant), time advanced to each: the step ends with the last release.
    private func pressAndRelease(_ trains: [PulseTrain]) {
        let begin = loop.now
        var moves: [(time: UInt64, on: Bool, name: String)] = []
        for train in trains {
            let every = train.every.wholeNanoseconds
            for press in 0..<UInt64(train.count) {
                let start = begin + press * every
                moves.append((start, true, train.name))
                moves.append((start + train.length.wholeNanoseconds, false, train.name))
            }
        }
        moves.sort { ($0.time, $0.on ? 1 : 0) < ($1.time, $1.on ? 1 : 0) }
        for move in moves {
            loop.advance(to: move.time)
            if !give(move.name, move.on) { self.move(move.name) { $0.setActive($1, move.on) } }
            loop.run()
        }
        let end = trains.map(\.duration.wholeNanoseconds).max() ?? 0
        loop.advance(to: begin + end)
    }

    /// A value for a node that takes one (a command input, a counter, an output with
    /// `command: true`, a cover) goes to the engine as `gpioagg set` sends it, and its
    /// refusal fails the step. An input that takes no command is simulated: a level moves
    /// its line (or sets a remote input), a number or unavailable is its new reading.
    private func set(_ value: ScenarioStep.NamedValue) {
        let request: SetValue
        switch value.value {
        case .level(let level): request = level ? .on : .off
        case .number(let number): request = .number(number)
        case .press: request = .command(.press)
        case .auto: request = .auto
        case .cover(let command):
            if case .position(let position) = command { request = .number(position) } else { request = .cover(command) }
        case .unavailable: return simulate(value)
        case .near, .coverState: return    // expect: only; the reader refuses them here
        }
        guard let refusal = engine.set(value.name, request).refusal else { return }
        guard refusal.reason == .notSettable else {
            return result.failures.append(ScenarioFailure(location: value.location,
                                                          message: "set: \(value.name) refused at \(time(loop.now)): \(refusal)"))
        }
        simulate(value)
    }

    /// What a device would do to an input that takes no command: a level on its line (or
    /// from its topic), a number or unavailable as its reading, outside `min:` and `max:`
    /// too.
    private func simulate(_ value: ScenarioStep.NamedValue) {
        let reading: Double?
        switch value.value {
        case .level(let level):
            if !give(value.name, level) { move(value.name) { $0.setActive($1, level) } }
            return
        case .number(let number): reading = number
        case .unavailable: reading = nil
        case .press, .cover, .near, .coverState, .auto: return
        }
        let given = reading.map { NodeValue.number($0, .none) } ?? .unavailable
        if engine.update(.input(value.name), to: given) != nil {
            readings[value.name] = given
        } else {
            result.failures.append(ScenarioFailure(location: value.location,
                                                   message: "set: \(value.name) refused at \(time(loop.now)): "
                                                       + "'\(value.name)' is no numeric input"))
        }
    }

    /// Gives the input `name` a level from its source (`Engine.update`): a command or
    /// remote input takes it; false for an input on a line, which moves on its chip.
    private func give(_ name: String, _ level: Bool) -> Bool {
        engine.update(.input(name), to: .level(level)) != nil
    }

    /// Calls `change` with the simulated chip and line of the input `name`.
    private func move(_ name: String, _ change: (SimulatedChip, LineLocator) -> Void) {
        guard let id = engine.line(ofInput: name), let chip = backend.simulatedChip(path: id.chip) else { return }
        change(chip, .offset(id.offset))
    }

    private func check(_ met: Bool, at location: SourceLocation, name: String, _ message: @autoclosure () -> String) {
        if met {
            result.passed += 1
        } else {
            result.failures.append(ScenarioFailure(location: location, message: message(),
                                                   recentChanges: recentChanges(for: name)))
        }
    }

    // MARK: Restart

    /// The engine's changes heard: by the failures' history and `expect_active`, and by
    /// the keeper (but for the non-start changes of a start).
    private func observe(_ engine: Engine) {
        observations = [
            engine.observeChanges { [unowned self] in record($0) },
            recorder.observe(engine, unless: { [unowned self] in starting && !$0.isStart }),
        ]
        engine.onFailure = { [unowned self] in engineFailure = $0 }
    }

    private func start(_ engine: Engine) throws(EngineError) {
        starting = true
        defer { starting = false }
        try engine.start()
    }

    /// `restart:` in no time. Orderly, as SIGTERM: the engine stops (its outputs go to
    /// their safe values, heard as on a stop) and the keeper hands over what waits. A
    /// kill: no one hears the engine any more, and what waits is lost; the engine stops
    /// only to free its lines. Then a new keeper, as a new process has, and a new engine
    /// from the same configuration with the kept values, on the same chips, where each
    /// line input stays at the level it was at and each sensor reads what it read.
    private func restart(_ how: ScenarioStep.Restart) {
        let configuration = loaded.configuration
        switch how {
        case .orderly:
            engine.stop()
            observations = []
            recorder.close()
        case .kill:
            observations = []
            recorder.abandon()
            engine.onFailure = nil
            engine.stop()
        }
        loop.run()
        holdLineLevels()
        recorder = KeptValueRecorder(bootClock: Self.bootClock(of: loop), loop: loop, sink: kept)
        recorder.learn(configuration)
        kept.retain(only: recorder.keptKeys)
        let next = Engine(configuration: configuration, backend: backend, pwm: pwm, loop: loop, consumer: "gpioagg-test",
                          logger: Logger(label: "gpioagg.test") { _ in SwiftLogNoOpLogHandler() })
        next.keptValues = recorder.keptValues(from: kept.values)
        engine = next
        observe(next)
        do {
            try start(next)
        } catch {
            engineFailure = error
            return
        }
        loop.run()
        broker?.restart(following: next, killed: how == .kill)
        loop.run()
        // A sensor is read again at the start; what a remote input hears after a restart
        // is the broker's to say: the bridge's new connection.
        let sensors = Set(configuration.sensorInputs.map(\.name))
        for (name, reading) in readings.sorted(by: { $0.key < $1.key }) where sensors.contains(name) {
            _ = next.update(.input(name), to: reading)
        }
        loop.run()
    }

    /// Each line input held at the level its line is at, as the switch on it holds it:
    /// the next engine's request does not move it to its bias.
    private func holdLineLevels() {
        let configuration = loaded.configuration
        for input in configuration.inputs {
            guard let chip = configuration.chips.first(where: { $0.name == input.chip }),
                  let simulated = backend.simulatedChip(chip.locator),
                  let high = simulated.level(of: input.line) else { continue }
            simulated.hold(input.line, high: high)
        }
    }

    /// The boot clock of a test: the loop's virtual time, on one boot.
    static func bootClock(of loop: EmbeddedEventLoop) -> BootClock {
        BootClock { [loop] in BootInstant(bootID: "0", nanoseconds: loop.now) }
    }

    // MARK: What a failure shows

    private func currentValue(_ name: String) -> String {
        let snapshot = engine.snapshot()
        return snapshot.value(named: name).map { $0.value.text(precision: snapshot.precision(of: name)) } ?? "unknown"
    }

    /// The names whose changes explain `name`'s value.
    private func followed(_ name: String) -> [String] {
        let configuration = loaded.configuration
        func operands(_ signal: String) -> [String] {
            configuration.signals.first { $0.name == signal }?.expression.operands ?? []
        }
        if let output = configuration.outputs.first(where: { $0.name == name }) {
            guard let follows = output.follows else { return [name] }
            return [follows] + operands(follows)
        }
        if let output = configuration.pwmOutput(named: name) {
            guard let follows = output.follows else { return [name] }
            return [name, follows] + operands(follows)
        }
        if let cover = configuration.covers.first(where: { $0.name == name }) {
            return [name] + [cover.closed, cover.open].compactMap { $0 } + cover.outputs
        }
        if configuration.signals.contains(where: { $0.name == name }) {
            // A time of day reads no other node: its own changes say what happened.
            let read = operands(name)
            return read.isEmpty ? [name] : read
        }
        return [name]
    }

    private func recentChanges(for name: String) -> [String] {
        let names = followed(name)
        let changes = history.latest(of: names)
        guard !changes.isEmpty else {
            return ["  (no change of \(names.joined(separator: ", ")) since the start)"]
        }
        let times = changes.map { time($0.timestamp) }
        let width = times.map(\.count).max() ?? 0
        return zip(times, changes).map { time, change in
            "  " + time + String(repeating: " ", count: width - time.count) + "  " + change.description
                + (change.cause == .change ? "" : " (\(change.cause.rawValue))")
        }
    }

    /// `2m1s`: `instant` on the loop's clock, as time since the start.
    private func time(_ instant: UInt64) -> String {
        ReadableDuration.format(nanoseconds: instant >= start ? instant - start : 0)
    }
}

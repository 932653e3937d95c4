import Config
import Engine
import Logging
import Loop
import Sensors
import SystemCore

/// The sensor inputs of the running configuration, read from the kernel: a
/// `SensorScheduler` times their reads on the loop's clock and has them read off the
/// loop, and their readings reach the engine here,
/// on the loop, in the order read. `SensorInputStates` decides what each reading does;
/// one loop timer, armed at the earliest deadline of its inputs' timeouts and moved as
/// good readings arrive, makes an input unavailable when nothing good came in time, a
/// read that hangs included, so that healthy sensors cost the loop no wake-up of their
/// own.
///
/// A reload hands the new inputs to the same scheduler (its reader, its threads, the
/// devices found so far, the next time of each interval) and carries the state of each
/// input declared the same way; the engine carries its value. A read that hangs is
/// logged once, naming the inputs it holds.
///
/// ```swift
/// let sensors = SensorInputs(root: "/sys", loop: loop, running: running, logger: logger)
/// sensors?.start(configuration)      // once the engine runs
/// sensors?.reload(to: reloaded)      // once the reloaded engine runs
/// sensors?.stop()
/// ```
///
/// Loop thread only.
final class SensorInputs {
    /// Where the sensors are read: `/sys`, or `--sysfs-root`.
    let root: String
    private let loop: any EventLoop
    private let running: RunningEngine
    private let logger: Logger
    private var scheduler: SensorScheduler?
    private var states = SensorInputStates([], start: 0)
    private var timer: LoopTimer?
    private var armedAt: UInt64?
    /// Counts the schedulers started and stopped: a delivery of one stopped since is
    /// dropped.
    private var generation = 0

    /// Nil without a root: the sensor inputs are then set by hand.
    init?(root: String?, loop: any EventLoop, running: RunningEngine, logger: Logger) {
        guard let root else { return nil }
        self.root = root
        self.loop = loop
        self.running = running
        self.logger = logger
    }

    /// Starts reading the sensor inputs of `configuration`, every one at once.
    func start(_ configuration: Configuration) {
        loop.preconditionInEventLoop()
        states = SensorInputStates(configuration.sensorInputs, start: loop.now)
        startScheduler(configuration.sensorInputs)
        rearm()
    }

    /// Reads the sensor inputs of the reloaded `configuration` from now on.
    func reload(to configuration: Configuration) {
        loop.preconditionInEventLoop()
        states = SensorInputStates(configuration.sensorInputs, start: loop.now, carrying: states)
        if let scheduler { scheduler.replace(configuration.sensorInputs) } else { startScheduler(configuration.sensorInputs) }
        rearm()
    }

    /// Stops reading at once, even while a read hangs. Idempotent.
    func stop() {
        loop.preconditionInEventLoop()
        stopScheduler()
        timer?.cancel()
        (timer, armedAt) = (nil, nil)
    }

    private func startScheduler(_ inputs: [SensorInputDeclaration]) {
        generation += 1
        guard !inputs.isEmpty else { return }
        let current = generation
        do throws(SystemCallError) {
            let bound = LoopBound(self, loop: loop)
            scheduler = try SensorScheduler(inputs, root: root, loop: loop) { [loop] readings in
                loop.execute { bound.value.receive(readings, from: current) }
            } hung: { [loop] sensors, since in
                loop.execute { bound.value.hung(sensors, since: since, from: current) }
            }
        } catch {
            // The inputs then go unavailable at their timeout, saying nothing was read.
            logger.error("error: the sensor inputs cannot be read: no thread to read them on: \(error)")
        }
    }

    private func stopScheduler() {
        generation += 1
        scheduler?.stop()
        // The scheduler's reader holds the closure that holds this object.
        scheduler = nil
    }

    private func receive(_ readings: [SensorReading], from scheduler: Int) {
        guard scheduler == generation else { return }
        perform(states.receive(readings, at: loop.now))
        rearm()
        self.scheduler?.delivered()
    }

    /// A read under way since `since` (`MonotonicClock`, the loop's clock) has not
    /// returned: logged once per hang, for each input on its sensors. The inputs go
    /// unavailable at their timeout as any input without a read does.
    private func hung(_ sensors: [Sensor], since: UInt64, from scheduler: Int) {
        guard scheduler == generation else { return }
        let quiet = ReadableDuration.format(nanoseconds: MonotonicClock.now() &- since)
        for input in states.inputs where sensors.contains(input.declaration.sensor) {
            let name = input.declaration.name, sensor = input.declaration.sensor
            logger.warning("input \(name): \(sensor) has not answered for \(quiet) (a read still under way: a bus or device that hangs); the other sensors are read without it")
        }
    }

    private func deadlinePassed() {
        (timer, armedAt) = (nil, nil)
        perform(states.deadlinePassed(at: loop.now))
        rearm()
    }

    private func perform(_ actions: [SensorInputStates.Action]) {
        for action in actions {
            switch action {
            case .set(let name, let value, let after):
                if let after {
                    logger.info("input \(name) read again after \(ReadableDuration.format(nanoseconds: after)) unavailable")
                }
                running.engine.update(.input(name), to: .number(value, .none))
            case .unavailable(let name, let sensor, let cause, let quiet, let timeout):
                let why = cause?.description ?? "\(sensor): no read came back (a read still under way)"
                let quietFor = ReadableDuration.format(nanoseconds: quiet)
                logger.info("input \(name) unavailable: no good read for \(quietFor) (timeout \(ReadableDuration.format(nanoseconds: timeout))): \(why)")
                running.engine.update(.input(name), to: .unavailable)
            }
        }
    }

    /// Each sensor input's failed reads since start, in the order declared.
    var readFailures: [(input: String, failures: Int)] { states.readFailures }

    /// What `gpioagg why` adds to a sensor input's line while its last read failed:
    /// `last read failed: iio bmp280: overflow: ... is not a finite number: the value is not taken`.
    func explanation(ofInput name: String) -> String? {
        states.failure(of: name).map { "last read failed: \($0)" }
    }

    /// One timer at the earliest deadline; moved only when that deadline moves.
    private func rearm() {
        let deadline = states.nextDeadline
        guard deadline != armedAt else { return }
        timer?.cancel()
        armedAt = deadline
        timer = deadline.map { loop.schedule(atNanoseconds: $0) { [weak self] in self?.deadlinePassed() } }
    }
}

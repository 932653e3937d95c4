#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Config
import GPIOSimulated
import Locks
import Logging
import Loop
import MQTT
import Service
import Simulation

/// A daemon under test, on its own loop: the `Daemon` of `gpioagg run --simulate` for
/// the configuration text given, on simulated chips the bench moves (`chips`), its log
/// thrown away.
final class BenchDaemon: @unchecked Sendable {
    let loop: PosixEventLoop
    /// The simulated chips the daemon runs on.
    let chips: SimulatedBackend
    private var daemon: Daemon?
    /// Where the log goes: /dev/null, closed once the daemon has stopped (a bench makes
    /// several daemons).
    private let null: Int32

    final class Quiet: ServiceNotifier, @unchecked Sendable {
        func notify(_ assignments: [String]) {}
        var watchdogPeriod: Duration? { nil }
    }

    /// - Parameter sensorRoot: where sensor inputs are read (`--sysfs-root`); nil: they
    ///   are set by hand, as under `--simulate` alone.
    init(configuration text: String, file: String, sensorRoot: String? = nil) throws {
        let configuration = try ConfigLoader.parse(text, file: file)
        loop = try PosixEventLoop()
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        self.null = null
        let logging = DaemonLogging(logger: Logger(label: "bench") { _ in SwiftLogNoOpLogHandler() },
                                    outputs: StandardOutputs(standard: LogOutput(descriptor: null),
                                                             error: LogOutput(descriptor: null)))
        let loop = self.loop
        // Made here, off the loop: making a chip only keeps the loop as its clock.
        let chips = SimulatedBackend.simulating(configuration, clock: loop)
        self.chips = chips
        try loop.sync { () throws in
            let options = Daemon.Options(configuration: configuration, configPath: nil,
                                         backend: .simulated(first: chips), controlPath: nil, version: "bench",
                                         sysfsRoot: sensorRoot)
            let daemon = Daemon(options, loop: loop, notifier: Quiet(), logging: logging)
            try daemon.start()
            self.daemon = daemon
        }
    }

    /// The commands the daemon has received so far, and the values it has yet to see
    /// the broker take.
    func mqttProgress() -> (received: Int, pending: Int) {
        loop.sync {
            let statistics = daemon?.mqttStatistics ?? MQTTStatistics()
            return (statistics.messagesIn, statistics.queued + statistics.inFlight)
        }
    }

    func stop() {
        let stopped = Semaphore()
        loop.execute { [self] in
            daemon?.onFinish = { _ in stopped.signal() }
            daemon?.stop(reason: "bench")
        }
        stopped.wait()
        loop.sync { daemon = nil }
        loop.stop()
        close(null)
    }
}

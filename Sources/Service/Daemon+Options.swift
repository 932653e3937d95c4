#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Config
import KeptState

extension Daemon {
    /// Where commands come from, besides the control socket.
    public enum Interaction: Sendable {
        /// None: a service.
        case none
        /// Line commands from a pipe or a file (simulated inputs only); end of input stops.
        case commands
        /// Keys from a terminal (simulated inputs only).
        case keyboard
    }

    /// What the daemon runs, and how.
    public struct Options {
        public var configuration: Configuration
        /// Where a reload reads the configuration again; nil for the embedded demo.
        public var configPath: String?
        /// Makes the chips each configuration runs on: the kernel's, or simulated ones
        /// (`--simulate`), chosen once by the command line.
        public var backend: GPIOBackendFactory
        public var controlPath: String?
        public var interaction: Interaction
        /// Where line commands and keys are read from.
        public var commandDescriptor: Int32
        public var version: String
        /// Where kept values live (`--state-dir`); nil: `$STATE_DIRECTORY`, else
        /// /var/lib/gpioagg, else the user's state directory (`StateDirectory`). Looked
        /// for only once the configuration keeps something.
        public var stateDirectory: String?
        /// The clock of the times kept for `max_on` (`BootClock.system`; a test's own).
        public var bootClock: BootClock
        /// Makes the transport of the configuration's `mqtt:`; nil: an `MQTTClient` on
        /// libmosquitto. Tests hand in the in-memory twin.
        public var mqttTransport: MQTTTransportMaker?
        /// `--sysfs-root`: where sensor inputs are read instead of `/sys` (a fake tree of
        /// a test or a benchmark); with `--simulate`, that sensor inputs are read at all.
        public var sysfsRoot: String?

        /// `interaction` is for simulated lines only: with the kernel's, it is `.none`.
        public init(configuration: Configuration, configPath: String?, backend: GPIOBackendFactory,
                    controlPath: String?, interaction: Interaction = .none,
                    commandDescriptor: Int32 = STDIN_FILENO, version: String,
                    stateDirectory: String? = nil, bootClock: BootClock = .system,
                    mqttTransport: MQTTTransportMaker? = nil, sysfsRoot: String? = nil) {
            self.configuration = configuration
            self.configPath = configPath
            self.backend = backend
            self.controlPath = controlPath
            self.interaction = backend.isSimulated ? interaction : .none
            self.commandDescriptor = commandDescriptor
            self.version = version
            self.stateDirectory = stateDirectory
            self.bootClock = bootClock
            self.mqttTransport = mqttTransport
            self.sysfsRoot = sysfsRoot
        }

        /// Where sensor inputs are read: `/sys` on the kernel's chips, the `--sysfs-root`
        /// given; nil under `--simulate` without one, where they are set by hand.
        public var sensorRoot: String? { sysfsRoot ?? (backend.isSimulated ? nil : "/sys") }
    }
}

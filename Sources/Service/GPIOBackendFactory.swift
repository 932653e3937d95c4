import Config
import GPIO
import GPIOSimulated
import Loop
import PWM
import PWMSimulated
import Simulation

/// Makes the chips a configuration runs on, at start and at each reload, chosen once by
/// the command line: the kernel's (one `LibgpiodBackend` for every configuration), or
/// simulated chips made to fit each configuration (`--simulate`), which keep their
/// lines' levels and holders across reloads and gain the chips a new configuration
/// declares. The daemon asks it and never looks at which one it has. Its `pwm` makes the
/// PWM controllers in the same way: the kernel's through sysfs, or simulated ones.
///
/// ```swift
/// let kernel = GPIOBackendFactory.kernel(LibgpiodBackend(), summary: "libgpiod 2.1 (API v2)")
/// let simulated = GPIOBackendFactory.simulated(board: .pi5)
/// let backend = simulated.backend(for: configuration, on: loop)                      // at start
/// let next = simulated.backend(for: reloaded, on: loop, replacing: backend)          // on a reload
/// ```
public struct GPIOBackendFactory {
    /// Whether its lines are simulated, so that line commands and keys can move them.
    public let isSimulated: Bool
    /// Makes the PWM controllers of the configurations' PWM outputs, on the same side:
    /// the kernel's, or simulated.
    public let pwm: PWMBackendFactory
    private let make: (_ configuration: Configuration, _ loop: any EventLoop,
                       _ running: (any GPIOBackend)?) -> any GPIOBackend
    private let describe: (_ backend: any GPIOBackend, _ configuration: Configuration) -> String

    public init(isSimulated: Bool,
                make: @escaping (_ configuration: Configuration, _ loop: any EventLoop,
                                 _ running: (any GPIOBackend)?) -> any GPIOBackend,
                summary: @escaping (_ backend: any GPIOBackend, _ configuration: Configuration) -> String,
                pwm: PWMBackendFactory? = nil) {
        self.isSimulated = isSimulated
        self.pwm = pwm ?? (isSimulated ? .simulated() : .sysfs())
        self.make = make
        describe = summary
    }

    /// The backend `configuration` runs on; on a reload, `running` is the one the
    /// running configuration has.
    public func backend(for configuration: Configuration, on loop: any EventLoop,
                        replacing running: (any GPIOBackend)? = nil) -> any GPIOBackend {
        make(configuration, loop, running)
    }

    /// What the start line says of `backend`: `libgpiod 2.1 (API v2)`, `simulated chips:
    /// gpiochip0 [pinctrl-bcm2711]`.
    public func summary(of backend: any GPIOBackend, for configuration: Configuration) -> String {
        describe(backend, configuration)
    }

    /// The start line's summary of both: the chips', then the PWM outputs' when there
    /// are any (`libgpiod 2.1 (API v2); PWM: fan on fe20c000.pwm channel 0 (25 kHz)`).
    public func summary(of backend: any GPIOBackend, pwm: (any PWMBackend)?, for configuration: Configuration) -> String {
        [summary(of: backend, for: configuration), self.pwm.summary(of: pwm, for: configuration)]
            .compactMap { $0 }.joined(separator: "; ")
    }

    /// The kernel's chips: `backend` for every configuration; the kernel's PWM
    /// controllers under `sysfsRoot` (`/sys`, or a test's tree).
    public static func kernel(_ backend: any GPIOBackend, summary: String,
                              sysfsRoot: String = "/sys") -> GPIOBackendFactory {
        GPIOBackendFactory(isSimulated: false, make: { _, _, _ in backend }, summary: { _, _ in summary },
                           pwm: .sysfs(root: sysfsRoot))
    }

    /// Simulated chips made to fit the configuration (`SimulatedBackend.simulating`): a
    /// `board`'s, else a Pi 4 header, and the other chips it declares; `first`, when
    /// given, is the start's. A reload keeps the chips simulated so far. PWM controllers
    /// are simulated too (`PWMBackendFactory.simulated`), `firstPWM` the start's when given.
    public static func simulated(board: BoardProfile? = nil, first: SimulatedBackend? = nil,
                                 firstPWM: SimulatedPWMBackend? = nil) -> GPIOBackendFactory {
        GPIOBackendFactory(isSimulated: true, make: { configuration, loop, running in
            guard let running = running as? SimulatedBackend else {
                return first ?? SimulatedBackend.simulating(configuration, clock: loop, board: board)
            }
            return SimulatedBackend.simulating(configuration, clock: loop, existing: running.simulatedChips)
        }, summary: { backend, configuration in
            let chips = (backend as? SimulatedBackend)?.simulatedChips ?? []
            let used = chips.filter { chip in configuration.chips.contains { $0.locator.matches(chip.info) } }
            let names = used.map { "\($0.info.name) [\($0.info.label)]" }.joined(separator: ", ")
            return (board.map { "simulated \($0.model) (\($0.name)); chips: " } ?? "simulated chips: ")
                + (names.isEmpty ? "none (no line is used)" : names)
        }, pwm: .simulated(board: board, first: firstPWM))
    }
}

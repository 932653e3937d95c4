import Config
import GPIO
import GPIOSimulated
import Loop
import Simulation

/// Makes the chips a configuration runs on, at start and at each reload, chosen once by
/// the command line: the kernel's (one `LibgpiodBackend` for every configuration), or
/// simulated chips made to fit each configuration (`--simulate`), which keep their
/// lines' levels and holders across reloads and gain the chips a new configuration
/// declares. The daemon asks it and never looks at which one it has.
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
    private let make: (_ configuration: Configuration, _ loop: any EventLoop,
                       _ running: (any GPIOBackend)?) -> any GPIOBackend
    private let describe: (_ backend: any GPIOBackend, _ configuration: Configuration) -> String

    public init(isSimulated: Bool,
                make: @escaping (_ configuration: Configuration, _ loop: any EventLoop,
                                 _ running: (any GPIOBackend)?) -> any GPIOBackend,
                summary: @escaping (_ backend: any GPIOBackend, _ configuration: Configuration) -> String) {
        self.isSimulated = isSimulated
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

    /// The kernel's chips: `backend` for every configuration.
    public static func kernel(_ backend: any GPIOBackend, summary: String) -> GPIOBackendFactory {
        GPIOBackendFactory(isSimulated: false, make: { _, _, _ in backend }, summary: { _, _ in summary })
    }

    /// Simulated chips made to fit the configuration (`SimulatedBackend.simulating`): a
    /// `board`'s, else a Pi 4 header, and the other chips it declares; `first`, when
    /// given, is the start's. A reload keeps the chips simulated so far.
    public static func simulated(board: BoardProfile? = nil, first: SimulatedBackend? = nil) -> GPIOBackendFactory {
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
        })
    }
}

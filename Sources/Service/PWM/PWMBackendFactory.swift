import Config
import GPIO
import PWM
import PWMSimulated

/// Makes the PWM controllers a configuration's PWM outputs run on, chosen once by the
/// command line beside the chips (`GPIOBackendFactory.pwm`): the kernel's through sysfs
/// (`SysfsPWMBackend` over `/sys`, or `--sysfs-root`), or controllers in memory named
/// as the configuration's chips (`--simulate`). A configuration without PWM outputs gets
/// none; once made, a backend is kept across reloads, so that a channel an engine holds
/// is the one the next engine takes over.
///
/// ```swift
/// let kernel = PWMBackendFactory.sysfs(root: "/sys")
/// let pwm = kernel.backend(for: configuration)                         // at start
/// let next = kernel.backend(for: reloaded, replacing: pwm)             // on a reload: the same one
/// kernel.summary(of: pwm, for: configuration)   // "PWM: fan on fe20c000.pwm channel 0 (25 kHz)"
/// ```
public struct PWMBackendFactory {
    private let make: (_ configuration: Configuration, _ running: (any PWMBackend)?) -> (any PWMBackend)?
    private let describe: (_ backend: any PWMBackend) -> String?

    public init(make: @escaping (_ configuration: Configuration, _ running: (any PWMBackend)?) -> (any PWMBackend)?,
                describe: @escaping (_ backend: any PWMBackend) -> String?) {
        self.make = make
        self.describe = describe
    }

    /// The backend `configuration`'s PWM outputs run on: nil while no configuration had
    /// any; on a reload, `running` is the one the running configuration has.
    public func backend(for configuration: Configuration, replacing running: (any PWMBackend)? = nil)
        -> (any PWMBackend)? {
        make(configuration, running)
    }

    /// What the start line says of the PWM outputs: `PWM: fan on pwm channel 0 (25 kHz),
    /// strip on pwm channel 1 (1 kHz); simulated fe20c000.pwm (pwmchip0)`; nil without
    /// PWM outputs.
    public func summary(of backend: (any PWMBackend)?, for configuration: Configuration) -> String? {
        guard !configuration.pwmOutputs.isEmpty else { return nil }
        let outputs = configuration.pwmOutputs.map { output in
            let chip = configuration.pwmChip(named: output.chip)
            return "\(output.name) on \(chip.map { $0.locator.description } ?? output.chip) channel \(output.channel)"
                + " (\(Self.frequency(period: output.period)))"
        }
        let controllers = backend.flatMap(describe)
        return "PWM: " + outputs.joined(separator: ", ") + (controllers.map { "; " + $0 } ?? "")
    }

    /// `25 kHz`, `1 kHz`, `50 Hz`, `2.5 kHz`: a period in nanoseconds as people write its
    /// frequency.
    static func frequency(period: UInt64) -> String {
        guard period > 0 else { return "no period" }
        let hertz = 1_000_000_000 / Double(period)
        func trimmed(_ value: Double) -> String {
            let rounded = (value * 100).rounded() / 100
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        }
        if hertz >= 1_000_000 { return trimmed(hertz / 1_000_000) + " MHz" }
        if hertz >= 1_000 { return trimmed(hertz / 1_000) + " kHz" }
        return trimmed(hertz) + " Hz"
    }

    /// The kernel's controllers under `root` (`/sys`; a test's tree with `--sysfs-root`),
    /// made at the first configuration with PWM outputs and kept from then on.
    public static func sysfs(root: String = "/sys") -> PWMBackendFactory {
        PWMBackendFactory(make: { configuration, running in
            if let running { return running }
            return configuration.pwmOutputs.isEmpty ? nil : SysfsPWMBackend(root: root)
        }, describe: { _ in root == "/sys" ? nil : "under \(root)" })
    }

    /// Controllers in memory made to fit the configuration
    /// (`SimulatedPWMBackend.simulating`): one per controller its PWM chips name, with
    /// the channels a board's profile gives that device (the `board`'s first), else 64;
    /// `first`, when given, is the start's. A reload keeps the controllers and what each
    /// channel runs, and adds the ones the new configuration declares.
    public static func simulated(board: BoardProfile? = nil, first: SimulatedPWMBackend? = nil) -> PWMBackendFactory {
        PWMBackendFactory(make: { configuration, running in
            let running = running as? SimulatedPWMBackend
            if running == nil, let first { return first }
            guard running != nil || !configuration.pwmOutputs.isEmpty else { return nil }
            return SimulatedPWMBackend.simulating(configuration, board: board, existing: running)
        }, describe: { backend in
            guard let simulated = backend as? SimulatedPWMBackend else { return nil }
            return "simulated " + simulated.controllers.map {
                "\($0.deviceName) (pwmchip\($0.number), \($0.channelCount) channels)"
            }.joined(separator: ", ")
        })
    }
}

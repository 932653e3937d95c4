#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Config
import PWM
import Values

/// Writes every PWM output's `safe` percent to its channel at once, outside any engine:
/// what `gpioagg safe` does after the daemon died. The kernel keeps an exported PWM
/// channel running at its last duty cycle when the process that set it dies (a GPIO line
/// is released with its process), so a fan or a heater stays where the crash left it
/// until someone writes the channel again.
///
/// A channel not exported is exported; one exported already is taken over as it runs.
/// Getting hold of a channel is tried `attempts` times, `pause` apart (a udev rule
/// giving the files' group), so it never waits long; an output that cannot be had does
/// not keep the others from being written.
///
/// ```swift
/// let writer = PWMSafeWriter(backend: SysfsPWMBackend())
/// for outcome in writer.write(configuration) { print(outcome.message) }
/// // fan: 100.0 % (safe) on channel 0 of pwmchip0 [fe20c000.pwm] (2 channels): period 40000 ns, ...
/// ```
public struct PWMSafeWriter {
    /// What became of one output.
    public struct Outcome: Hashable, Sendable {
        public var output: String
        /// What the channel runs now; nil when it could not be written.
        public var written: PWMState?
        /// Said to the person who ran it: what was written where, or why not.
        public var message: String

        public var succeeded: Bool { written != nil }
    }

    public let backend: any PWMBackend
    public var attempts: Int
    public var pause: Duration

    /// - Parameters:
    ///   - attempts: how many times getting hold of a channel is tried (at least 1).
    ///   - pause: how long between two tries; 10 tries 200 ms apart wait at most 2 s.
    public init(backend: any PWMBackend, attempts: Int = 10, pause: Duration = .milliseconds(200)) {
        self.backend = backend
        self.attempts = max(1, attempts)
        self.pause = pause
    }

    /// Writes each PWM output's safe value, in the configuration's order.
    public func write(_ configuration: Configuration) -> [Outcome] {
        configuration.pwmOutputs.map { write($0, in: configuration) }
    }

    private func write(_ output: PWMOutputDeclaration, in configuration: Configuration) -> Outcome {
        func failed(_ reason: String) -> Outcome {
            Outcome(output: output.name, written: nil, message: "\(output.name): \(reason)")
        }
        guard let chip = configuration.pwmChip(named: output.chip) else {
            return failed("its chip '\(output.chip)' is not a PWM chip of the configuration")
        }
        do throws(PWMError) {
            let channel = try backend.channel(output.channel, of: chip.locator)
            var usable = try channel.attempt()
            var tries = 1
            while !usable, tries < attempts {
                Self.sleep(pause)
                usable = try channel.attempt()
                tries += 1
            }
            guard usable else { throw channel.waitingError }
            let before = channel.state
            let target = try PWMState(period: output.period, percent: output.safe, inverted: output.activeLow)
            try channel.apply(target)
            // The kernel's backend writes on a thread of its own: the value is written
            // once this returns, or the error says why not.
            try channel.settle(within: Self.writeLimit)
            let now = channel.state ?? target
            var message = "\(output.name): \(Self.percent(output.safe)) % (safe) on channel \(channel.number) of "
                + "\(channel.controllerDescription): \(now)"
            if channel.tookOver, let before, before != now {
                message += " (it ran \(before))"
            } else if channel.tookOver {
                message += " (it ran that already)"
            }
            return Outcome(output: output.name, written: now, message: message)
        } catch {
            return failed(error.description)
        }
    }

    /// How long a driver may take to write one channel before `gpioagg safe` says it hangs.
    static let writeLimit: Duration = .seconds(2)

    /// `100.0`, `47.5`: a percent at the outputs' precision.
    static func percent(_ value: Double) -> String {
        DecimalText.format(value, places: PWMOutputDeclaration.precision)
    }

    private static func sleep(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var time = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var left = timespec()
        while nanosleep(&time, &left) != 0, errno == EINTR { time = left }
    }
}

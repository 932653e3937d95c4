#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SystemCore

/// An exported PWM channel (`/sys/class/pwm/pwmchipN/pwmM`), set through its files in an
/// order the kernel accepts (`PWMWritePlan`). It knows what the channel runs from the
/// read at export and from its own writes since.
///
/// A driver that refuses the `inversed` polarity gets the same waveform in `normal`
/// polarity, its duty cycle computed as the rest of the period
/// (`PWMState.normalEquivalent`), from then on.
///
/// The kernel keeps a channel exported, and running as last set, after the process that
/// set it exits: nothing here unexports it.
///
/// ```swift
/// var export = try PWMExport(controller: controller, channel: 0)
/// guard var channel = try export.attempt() else { return }   // try again later
/// try channel.apply(PWMState(hertz: 25_000, percent: 40, inverted: true))
/// channel.state        // period 40000 ns, duty cycle 16000 ns, inversed, enabled
/// ```
public struct PWMChannel: Sendable {
    /// The files a channel is set through.
    public static let attributes = ["period", "duty_cycle", "polarity", "enable"]

    public let controller: PWMController
    public let number: Int
    /// `.../pwmchip0/pwm1`.
    public let folder: String
    /// Whether it was exported already (and so running as someone left it) when taken.
    public let tookOver: Bool
    /// What the channel runs: as read when it was taken, then as written.
    public private(set) var state: PWMState
    /// Whether the driver refused `inversed`: inverted states are then written in
    /// `normal` polarity with the duty cycle computed.
    public private(set) var polarityRefused = false
    let writer: PWMAttributeWriter

    init(controller: PWMController, number: Int, folder: String, tookOver: Bool, state: PWMState,
         writer: PWMAttributeWriter) {
        self.controller = controller
        self.number = number
        self.folder = folder
        self.tookOver = tookOver
        self.state = state
        self.writer = writer
    }

    /// Runs `target` (at once: no ramp) and returns the writes made, in order. A state
    /// already running writes nothing.
    @discardableResult
    public mutating func apply(_ target: PWMState) throws(PWMError) -> [PWMWrite] {
        guard target.period > 0 else { throw .invalidSettings("a PWM period must be longer than 0 ns") }
        guard target.dutyCycle <= target.period else {
            throw .invalidSettings("a duty cycle of \(target.dutyCycle) ns is longer than the period of \(target.period) ns")
        }
        let wanted = polarityRefused ? target.normalEquivalent : target
        var made: [PWMWrite] = []
        do throws(PWMError) {
            try perform(PWMWritePlan.writes(from: state, to: wanted), into: &made)
        } catch {
            guard wanted.polarity == .inversed, case .writeFailed(_, .polarity, let errno, _) = error.code,
                  Self.isRefusal(errno) else { throw error }
            polarityRefused = true
            try perform(PWMWritePlan.writes(from: state, to: target.normalEquivalent), into: &made)
        }
        return made
    }

    /// What the channel's files say it runs now.
    public static func readState(in folder: String) throws(PWMError) -> PWMState {
        func read(_ attribute: String) throws(PWMError) -> String {
            let path = folder + "/" + attribute
            do throws(SystemCallError) {
                return try SysfsFiles.readAttribute(path).trimmingTrailingNewlines
            } catch {
                throw .readFailed(path: path, errno: error.errno)
            }
        }
        let period = try read("period"), duty = try read("duty_cycle")
        let polarity = try read("polarity"), enable = try read("enable")
        guard let periodValue = UInt64(period) else { throw .unreadable(path: folder + "/period", text: period) }
        guard let dutyValue = UInt64(duty) else { throw .unreadable(path: folder + "/duty_cycle", text: duty) }
        guard let polarityValue = PWMPolarity(rawValue: polarity) else {
            throw .unreadable(path: folder + "/polarity", text: polarity)
        }
        guard enable == "0" || enable == "1" else { throw .unreadable(path: folder + "/enable", text: enable) }
        return PWMState(period: periodValue, dutyCycle: dutyValue, polarity: polarityValue, enabled: enable == "1")
    }

    /// How drivers refuse a setting they cannot do: `EINVAL` mostly, `EOPNOTSUPP` or the
    /// kernel's own `ENOTSUPP` (524) from some.
    static func isRefusal(_ errno: Int32) -> Bool {
        errno == EINVAL || errno == EOPNOTSUPP || errno == 524
    }

    private mutating func perform(_ writes: [PWMWrite], into made: inout [PWMWrite]) throws(PWMError) {
        for write in writes {
            let path = folder + "/" + write.attribute
            do throws(SystemCallError) {
                try writer.write(path, write.text)
            } catch {
                let failure = PWMError.writeFailed(path: path, write: write, errno: error.errno, running: state)
                // A refused write changes nothing; anything else may have: believe the files.
                if !Self.isRefusal(error.errno), let now = try? Self.readState(in: folder) { state = now }
                throw failure
            }
            state = write.applied(to: state)
            made.append(write)
        }
    }
}

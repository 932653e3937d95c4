#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SystemCore

/// Why a PWM controller or channel could not be found, exported, read or set, worded
/// for the person who has to fix it: what is missing and what makes it appear, what
/// holds a channel, which file refused which value.
///
/// ```swift
/// do { _ = try PWMControllers().find(.device("fe20c000.pwm")) }
/// catch { print(error) }
/// // no PWM controller fe20c000.pwm (present: none); on a Raspberry Pi 4 Model B it appears with dtoverlay=pwm-2chan ...
/// ```
public struct PWMError: Error, Hashable, Sendable, CustomStringConvertible {
    package enum Code: Hashable, Sendable {
        case controllerNotFound(PWMControllerLocator, present: [String], hints: [String])
        case ambiguousController(PWMControllerLocator, candidates: [String])
        case noSuchChannel(controller: String, channel: Int, count: Int)
        case exportFailed(controller: String, channel: Int, path: String, errno: Int32)
        case notWritable(controller: String, channel: Int, path: String)
        case writeFailed(path: String, write: PWMWrite, errno: Int32, running: PWMState?)
        case readFailed(path: String, errno: Int32)
        case unreadable(path: String, text: String)
        case invalidSettings(String)
        case writeUnfinished(controller: String, channel: Int, waited: Duration)
    }

    package let code: Code

    package init(_ code: Code) { self.code = code }

    public static func controllerNotFound(_ locator: PWMControllerLocator, present: [String], hints: [String]) -> PWMError {
        PWMError(.controllerNotFound(locator, present: present, hints: hints))
    }
    package static func ambiguousController(_ locator: PWMControllerLocator, candidates: [String]) -> PWMError {
        PWMError(.ambiguousController(locator, candidates: candidates))
    }
    public static func noSuchChannel(controller: String, channel: Int, count: Int) -> PWMError {
        PWMError(.noSuchChannel(controller: controller, channel: channel, count: count))
    }
    package static func exportFailed(controller: String, channel: Int, path: String, errno: Int32) -> PWMError {
        PWMError(.exportFailed(controller: controller, channel: channel, path: path, errno: errno))
    }
    public static func notWritable(controller: String, channel: Int, path: String) -> PWMError {
        PWMError(.notWritable(controller: controller, channel: channel, path: path))
    }
    package static func writeFailed(path: String, write: PWMWrite, errno: Int32, running: PWMState?) -> PWMError {
        PWMError(.writeFailed(path: path, write: write, errno: errno, running: running))
    }
    package static func readFailed(path: String, errno: Int32) -> PWMError { PWMError(.readFailed(path: path, errno: errno)) }
    package static func unreadable(path: String, text: String) -> PWMError { PWMError(.unreadable(path: path, text: text)) }
    /// Settings no channel can take (a period of 0, a frequency that is not a number).
    public static func invalidSettings(_ reason: String) -> PWMError { PWMError(.invalidSettings(reason)) }

    /// A write the driver has not finished after `waited`: a hung bus, or a driver stuck.
    package static func writeUnfinished(controller: String, channel: Int, waited: Duration) -> PWMError {
        PWMError(.writeUnfinished(controller: controller, channel: channel, waited: waited))
    }

    /// The `errno` behind it, for the errors that have one.
    public var errno: Int32? {
        switch code {
        case .exportFailed(_, _, _, let errno), .writeFailed(_, _, let errno, _), .readFailed(_, let errno): errno
        default: nil
        }
    }

    public var description: String {
        switch code {
        case .controllerNotFound(let locator, let present, let hints):
            let listed = present.isEmpty ? "none" : present.joined(separator: ", ")
            var text = "no PWM controller \(locator) (present: \(listed))"
            if !hints.isEmpty { text += "; " + hints.joined(separator: "; ") }
            return text
        case .ambiguousController(let locator, let candidates):
            return "\(candidates.count) PWM controllers are \(locator): \(candidates.joined(separator: ", ")); "
                + "name one by its pwmchipN"
        case .noSuchChannel(let controller, let channel, let count):
            return "\(controller) has no channel \(channel): its channels are 0 to \(count - 1)"
        case .exportFailed(let controller, let channel, let path, let errno):
            let reason = SystemCallError.reason(for: errno)
            switch errno {
            case EBUSY:
                return "channel \(channel) of \(controller) is in use by a kernel driver (writing \(channel) to \(path): "
                    + "\(reason)): a pwm-fan, backlight or LED overlay, or analogue audio, holds it; "
                    + "remove that overlay or use another channel"
            case EACCES, EPERM:
                return "cannot export channel \(channel) of \(controller): writing \(path): \(reason); "
                    + "run gpioagg as root, or give its group write access to /sys/class/pwm with a udev rule "
                    + "(Raspberry Pi OS gives the gpio group access)"
            default:
                return "cannot export channel \(channel) of \(controller): writing \(channel) to \(path): \(reason)"
            }
        case .notWritable(let controller, let channel, let path):
            return "channel \(channel) of \(controller) is exported but \(path) is not writable by this user: "
                + "a udev rule gives the group access once the channel appears (Raspberry Pi OS's gives the gpio group); "
                + "run gpioagg as root or add such a rule"
        case .writeFailed(let path, let write, let errno, let running):
            let reason = SystemCallError.reason(for: errno)
            var text = "writing \(write.text) to \(path): \(reason)"
            if let running { text += " (the channel runs \(running))" }
            switch errno {
            case ENOENT, ENODEV:
                text += "; the channel was unexported (or its controller removed) while gpioagg used it"
            case EACCES, EPERM:
                text += "; run gpioagg as root, or give its group write access with a udev rule"
            case EINVAL, EOPNOTSUPP, 524 /* ENOTSUPP, the kernel's own */:
                text += "; the driver refuses this setting: try another frequency"
            default:
                break
            }
            return text
        case .readFailed(let path, let errno):
            return "reading \(path): \(SystemCallError.reason(for: errno))"
        case .unreadable(let path, let text):
            return "\(path) holds '\(text)', which is not what the kernel writes there"
        case .invalidSettings(let reason):
            return reason
        case .writeUnfinished(let controller, let channel, let waited):
            let milliseconds = waited.components.seconds * 1000 + waited.components.attoseconds / 1_000_000_000_000_000
            return "channel \(channel) of \(controller): the driver has not finished a write after \(milliseconds) ms "
                + "(a hung bus or driver); the channel may still run its previous duty cycle"
        }
    }
}

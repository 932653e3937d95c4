#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Locks
@testable import PWM
@testable import PWMCore
import SystemCore

/// A writer that records each write as `attribute text` (the path's last component) and
/// writes it to the fake tree, refusing what `refuses` says with that errno first, as a
/// driver would: a refused write changes no file.
final class RecordingWriter: Sendable {
    private let box = LockedValueBox<[String]>([])
    private let refuses: @Sendable (_ attribute: String, _ text: String) -> Int32?

    init(refuses: @escaping @Sendable (_ attribute: String, _ text: String) -> Int32? = { _, _ in nil }) {
        self.refuses = refuses
    }

    var writes: [String] { box.withLockedValue { $0 } }

    var writer: PWMAttributeWriter {
        PWMAttributeWriter { [self] path, text throws(SystemCallError) in
            let attribute = SysfsFiles.lastComponent(path)
            if let errno = refuses(attribute, text) { throw SystemCallError(call: "write", errno: errno) }
            box.withLockedValue { $0.append("\(attribute) \(text)") }
            try SysfsFiles.writeAttribute(path, text)
        }
    }
}

/// The kernel's rules for one write to a channel (drivers/pwm/sysfs.c through
/// pwm_apply_state in 6.1, as the guest showed): nil when it accepts it, else why not.
/// A polarity change while enabled is refused too, as many drivers do.
func kernelRefusal(of write: PWMWrite, on state: PWMState) -> String? {
    switch write {
    case .period(let period):
        if period == 0 { return "a period of 0" }
        if period < state.dutyCycle { return "period \(period) under the duty cycle \(state.dutyCycle)" }
    case .dutyCycle(let duty):
        if state.period == 0 { return "a duty cycle while the period is 0" }
        if duty > state.period { return "duty cycle \(duty) over the period \(state.period)" }
    case .polarity:
        if state.period == 0 { return "a polarity while the period is 0" }
        if state.enabled { return "a polarity while enabled" }
    case .enable(let on):
        if on, state.period == 0 { return "enable with a period of 0" }
    }
    return nil
}

import Config
import GPIO
import PWMCore

/// An error of the engine, worded for the person who has to fix it, and placed at the
/// declaration in the config file that it concerns:
///
/// ```
/// gpioagg.yaml:11:3: error: input 'switch1': no line named 'GPIO71' on gpiochip0 [pinctrl-bcm2711]
/// gpioagg.yaml:7:3: note: chip 'main' is declared here
/// hint: did you mean 'GPIO17' or 'GPIO7'? ('gpioagg info' lists every line)
/// ```
///
/// A struct around a private code enum, so that kinds can be added without breaking
/// callers; match on `kind` when the difference matters.
public struct EngineError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// The backend refused: chip or line not found, busy, permission denied...
        /// (`gpioError` says which).
        case gpio
        /// The configuration cannot be built: an unknown operand, a line used twice.
        case configuration
        /// A PWM controller or channel could not be found, got hold of or set
        /// (`pwmError` says why).
        case pwm
        /// The engine has stopped and does not start again.
        case stopped
    }

    /// Another place in the config file worth showing, such as the declaration of the
    /// chip a failing input is on.
    public struct Note: Hashable, Sendable {
        public var location: SourceLocation
        public var message: String
    }

    enum Code: Hashable, Sendable {
        /// `subject` is "input 'switch1'", "output 'ready_led'"...
        case gpio(GPIOError, subject: String)
        case configuration(String, hint: String = "")
        /// `subject` is "output 'fan'".
        case pwm(PWMError, subject: String)
        case stopped
    }

    let code: Code
    /// The declaration concerned, when there is one.
    public let location: SourceLocation?
    public let notes: [Note]

    init(_ code: Code, at location: SourceLocation? = nil, notes: [Note] = []) {
        self.code = code
        self.location = location
        self.notes = notes
    }

    public var kind: Kind {
        switch code {
        case .gpio: return .gpio
        case .configuration: return .configuration
        case .pwm: return .pwm
        case .stopped: return .stopped
        }
    }

    /// The backend's error, for `.gpio`.
    public var gpioError: GPIOError? {
        if case .gpio(let error, _) = code { return error }
        return nil
    }

    /// The PWM backend's error, for `.pwm`.
    public var pwmError: PWMError? {
        if case .pwm(let error, _) = code { return error }
        return nil
    }

    /// One line saying what went wrong.
    public var message: String {
        switch code {
        case .gpio(let error, let subject):
            return "\(subject): \(error.message)"
        case .pwm(let error, let subject):
            return "\(subject): \(error)"
        case .configuration(let message, _):
            return message
        case .stopped:
            return "the engine has stopped and does not start again"
        }
    }

    /// What to do about it; empty when there is nothing useful to add.
    public var hint: String {
        switch code {
        case .gpio(let error, _):
            return error.hint
        case .pwm:
            return ""
        case .stopped:
            return "make a new engine to run the configuration again"
        case .configuration(_, let hint):
            return hint
        }
    }

    /// `FILE:LINE:COL: error: MESSAGE`, then the notes, then the hint.
    public var description: String {
        var lines = [(location.map { "\($0): " } ?? "") + "error: " + message]
        lines += notes.map { "\($0.location): note: \($0.message)" }
        if !hint.isEmpty { lines.append("hint: " + hint) }
        return lines.joined(separator: "\n")
    }
}

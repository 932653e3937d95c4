#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Config
import GPIO

/// An error of the engine, worded for the person who has to fix it, and placed at the
/// declaration in the config file that it concerns:
///
/// ```
/// gpioagg.yaml:11:3: error: input 'switch1': no line named 'GPIO71' on gpiochip0 [pinctrl-bcm2711]
/// gpioagg.yaml:7:3: note: chip 'main' is declared here
/// hint: did you mean 'GPIO17', 'GPIO7'? ('gpioagg info' lists every line)
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
        /// No input, signal or output has that name.
        case unknownName
        /// Simulated input control on lines that are not simulated.
        case notSimulated
        /// The engine is not running (not started yet, or stopped).
        case notRunning
        /// A system call failed.
        case system
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
        case configuration(String)
        case unknownName(String, expected: String, known: [String])
        case notSimulated(String)
        case notRunning
        case stopped
        case system(operation: String, errno: Int32)
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

    static func system(_ operation: String, errno: Int32) -> EngineError {
        EngineError(.system(operation: operation, errno: errno))
    }

    public var kind: Kind {
        switch code {
        case .gpio: return .gpio
        case .configuration: return .configuration
        case .unknownName: return .unknownName
        case .notSimulated: return .notSimulated
        case .notRunning, .stopped: return .notRunning
        case .system: return .system
        }
    }

    /// The backend's error, for `.gpio`.
    public var gpioError: GPIOError? {
        if case .gpio(let error, _) = code { return error }
        return nil
    }

    /// One line saying what went wrong.
    public var message: String {
        switch code {
        case .gpio(let error, let subject):
            return "\(subject): \(error.message)"
        case .configuration(let message):
            return message
        case .unknownName(let name, let expected, _):
            return "no \(expected) named '\(name)'"
        case .notSimulated(let name):
            return "input '\(name)' is not on a simulated chip: only simulated inputs can be set"
        case .notRunning:
            return "the engine is not running"
        case .stopped:
            return "the engine has stopped and does not start again"
        case .system(let operation, let errno):
            return "\(operation): \(String(cString: strerror(errno))) (errno \(errno))"
        }
    }

    /// What to do about it; empty when there is nothing useful to add.
    public var hint: String {
        switch code {
        case .gpio(let error, _):
            return error.hint
        case .unknownName(_, let expected, let known):
            return known.isEmpty ? "" : "\(expected)s: " + known.joined(separator: ", ")
        case .notSimulated:
            return "run with --simulate to drive inputs by hand"
        case .stopped:
            return "make a new engine to run the configuration again"
        case .configuration, .notRunning, .system:
            return ""
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

/// What setting a node came to (`Engine.set(_:_:)`): the one answer that `gpioagg set`,
/// a `/set` topic, the line commands, a test file's `set:` and `gpioagg sim` render, each
/// in its own form, so that they say the same thing about the same node.
///
/// ```swift
/// engine.set("setpoint", .number(21.5))   // .applied(.number(21.5, "°C"), precision: 2)
/// engine.set("garage_door", .cover(.open)) // .noted(..., "the door is opening already: no pulse sent")
/// engine.set("blind", .cover(.open))       // .refused: no settable node named 'blind'; did you mean 'blinds'? ...
/// ```
public enum SetOutcome: Hashable, Sendable {
    /// The node took the value; its value after the event, shown at `precision`.
    case applied(NodeValue, precision: Int)
    /// The node took the command and had nothing to do, or did less than asked: why
    /// (a door asked to open that is opening already).
    case noted(NodeValue, precision: Int, note: String)
    /// The node did not take the value: why, worded for the person who asked.
    case refused(SetRefusal)

    /// The refusal, if the node did not take the value.
    public var refusal: SetRefusal? {
        if case .refused(let refusal) = self { return refusal }
        return nil
    }
}

/// Why a node did not take a value: no node of that name (with the names close to it),
/// a node that takes no value from outside, a value it does not take, or an engine that
/// is not running.
///
/// ```swift
/// let refusal = SetRefusal(.unknownName, "no settable node named 'blind'", suggestions: ["blinds"],
///                          hint: "did you mean 'blinds'? (settable: blinds)")
/// refusal.text   // "no settable node named 'blind'; did you mean 'blinds'? (settable: blinds)"
/// ```
public struct SetRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of refusal: what a front-end may do about it (a simulation moves an
    /// input that takes no command on its line instead).
    public enum Reason: Hashable, Sendable {
        /// No node has that name.
        case unknownName
        /// The node exists and takes no value from outside: an input on a line, a
        /// remote or sensor input, a signal, an output without `command: true`.
        case notSettable
        /// The node takes values, not this one.
        case value
        /// The engine has not started, or has stopped.
        case notRunning
    }

    public var reason: Reason
    /// What was refused: `'garage_door' is a cover: write open, close, stop or ...`.
    public var message: String
    /// The settable names close to an unknown one, closest first.
    public var suggestions: [String]
    /// What to do instead, said after the message: a suggestion with the names to choose
    /// from, or how else to move the node.
    public var hint: String?

    public init(_ reason: Reason, _ message: String, suggestions: [String] = [], hint: String? = nil) {
        self.reason = reason
        self.message = message
        self.suggestions = suggestions
        self.hint = hint
    }

    /// The message and its hint, as one line: `no settable node named 'blind'; did you
    /// mean 'blinds'? (settable: ...)`.
    public var text: String { message + (hint.map { "; " + $0 } ?? "") }

    public var description: String { text }
}

/// One thing wrong with a config file, worded for the person who has to fix it.
///
/// ```
/// /etc/gpioagg/gpioagg.yaml:12:38: error: unknown bias 'pullup'
/// hint: did you mean 'pull-up'? (as-is, disabled, pull-up, pull-down)
/// ```
///
/// A location with line 0 means the file as a whole (it could not be read, or it is
/// too large); it prints as `FILE: error: ...`.
public struct ConfigError: Hashable, Sendable, CustomStringConvertible {
    /// The offending key or value (1-based line and column, as editors count).
    public var location: SourceLocation
    /// One line saying what is wrong.
    public var message: String
    /// What to do about it; empty when there is nothing useful to add.
    public var hint: String

    public init(location: SourceLocation, message: String, hint: String = "") {
        self.location = location
        self.message = message
        self.hint = hint
    }

    /// `FILE:LINE:COL: error: message`, then `hint: ...` on a line of its own when
    /// there is a hint.
    public var description: String {
        let place = location.line > 0 ? location.description : location.file
        return hint.isEmpty ? "\(place): error: \(message)" : "\(place): error: \(message)\nhint: \(hint)"
    }
}

import Config

/// What running one test file came to.
public struct ScenarioResult: Sendable {
    /// The test file.
    public var file: String
    /// Expectations met: each name of `expect`, `expect_active` and `expect_quiet`.
    public var passed = 0
    /// Expectations not met, and numbers `set:` could not set (outside a command
    /// input's `min:` and `max:`), in the order they ran.
    public var failures: [ScenarioFailure] = []
    /// Why the scenario could not run to its end (the engine could not start, or stopped
    /// on a failure), as `FILE:LINE:COL: error: ...`; nil when it ran every step.
    public var error: String?
    /// The virtual time the scenario took.
    public var elapsed = Duration.zero

    public init(file: String) {
        self.file = file
    }

    public var failed: Int { failures.count }
    /// Every expectation met, and every step run.
    public var succeeded: Bool { failures.isEmpty && error == nil }
}

/// An expectation not met: where, what, and the latest changes of what the name follows.
///
/// ```
/// garage.test.yaml:8:13: error: expected light_relay on at 2m1s, it is off
///   1m58s  input motion off
///   2m0s   signal light_on off
/// ```
public struct ScenarioFailure: Hashable, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String
    /// The latest changes (at most `ScenarioRunner.recentChangeCount`) of what the name
    /// follows, oldest first, each `  TIME  KIND NAME on|off`; or one line saying there
    /// was none.
    public var recentChanges: [String]

    public init(location: SourceLocation, message: String, recentChanges: [String] = []) {
        self.location = location
        self.message = message
        self.recentChanges = recentChanges
    }

    public var description: String {
        ([ConfigError(location: location, message: message).description] + recentChanges).joined(separator: "\n")
    }
}

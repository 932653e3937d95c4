import Values

/// The daemon's answer to one `ControlRequest`.
///
/// On the wire, one JSON object on one line, `"ok"` first:
///
/// ```
/// {"ok":true}
/// {"ok":true,"warning":"'switch1' has not settled in 2s: its debounce holds it back"}
/// {"ok":true,"inputs":{"switch1":true},"signals":{"all_on":false},"outputs":{"ready_led":false}}
/// {"ok":true,"value":21.5,"unit":"°C"}
/// {"ok":false,"error":"no input named 'switch9'; inputs: switch1, switch2, switch3"}
/// ```
///
/// ```swift
/// ControlReply.failure("no input named 'switch9'").encoded()
/// // {"ok":false,"error":"no input named 'switch9'"}
/// ```
public enum ControlReply: Hashable, Sendable {
    /// Done; nothing to report.
    case ok
    /// Done, with something the person who asked should know.
    case warning(String)
    /// The reply to `why`: lines for people.
    case explanation([String])
    /// The reply to `status`.
    case status(EngineSnapshot)
    /// The new value of a numeric input, after a `set` or a `sim set` with a number:
    /// `"value"` as `status --json` shows it (rounded to `precision` places, `null` for
    /// unavailable), `"unit"` when it has one, `"precision"` when it is not the default.
    case value(NodeValue, precision: Int)
    /// Not done; the message says why, for a person.
    case failure(String)
}

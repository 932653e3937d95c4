import Values

/// A request to the daemon over the control socket.
///
/// On the wire, one JSON object on one line (see `ControlServer` for the protocol):
///
/// ```
/// {"op":"status"}
/// {"op":"sim","action":"set","name":"switch1","value":true}
/// {"op":"sim","action":"toggle","name":"switch1"}
/// {"op":"sim","action":"pulse","name":"switch1","ms":50}
/// {"op":"sim","action":"set","name":"switch1","value":true,"wait":false}
/// {"op":"sim","action":"set","name":"t_north","value":27.5}
/// {"op":"sim","action":"set","name":"t_north","value":null}
/// {"op":"why","name":"ready_led"}
/// {"op":"set","name":"override","value":"toggle"}
/// {"op":"set","name":"setpoint","value":21.5}
/// ```
///
/// A `sim` request is answered once the change has reached the engine (see
/// `ControlHandler`); `"wait":false` asks for the answer as soon as the line has moved.
/// A `sim set` with a number sets a numeric input to that reading, `null` makes it
/// unavailable; the numbers 1 and 0 also set an input with a level on and off (what
/// `gpioagg sim set NAME 1` sends, not knowing which the input is).
///
/// A `set` request's `"value"` is `"on"`, `"off"` or `"toggle"` for an input with a
/// level, a JSON number for a numeric input; the numbers 1 and 0 also set an input with
/// a level on and off. The reply to a numeric `set` (or `sim set`) is the input's new
/// value (`ControlReply.value`).
///
/// ```swift
/// let request = ControlRequest.sim(name: "switch1", action: .pulse(.milliseconds(50)))
/// request.encoded()        // {"op":"sim","action":"pulse","name":"switch1","ms":50}
/// try ControlRequest(decoding: Array(#"{"op":"status"}"#.utf8))   // .status
/// ```
public enum ControlRequest: Hashable, Sendable {
    /// The logical level of every input, signal and output.
    case status
    /// Drives the simulated input `name` (only a daemon started with `--simulate` obeys);
    /// with `wait`, the reply comes once the engine has the change.
    case sim(name: String, action: SimAction, wait: Bool = true)
    /// Why an input, signal or output has its value (`Engine.explain`).
    case why(name: String)
    /// Sets a command input (`command: true`): on, off, or toggle; a numeric one to a
    /// number.
    case set(name: String, value: SetValue)
}

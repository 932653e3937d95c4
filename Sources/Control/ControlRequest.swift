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
/// {"op":"why","name":"ready_led"}
/// {"op":"set","name":"override","value":"toggle"}
/// ```
///
/// A `sim` request is answered once the change has reached the engine (see
/// `ControlHandler`); `"wait":false` asks for the answer as soon as the line has moved.
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
    /// Sets a command input (`command: true`): on, off, or toggle.
    case set(name: String, value: SetCommand)
}

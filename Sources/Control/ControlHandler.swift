import Engine

/// What answers control requests: the engine in the daemon, a fake in tests.
///
/// `ControlServer` calls it on the thread that drives the server, one request at a time,
/// in the order each connection sent them. It must not block: the event loop that polls
/// the GPIO lines waits for it.
///
/// ```swift
/// final class Demo: ControlHandler {
///     var levels = ["switch1": false]
///     func handle(_ request: ControlRequest) -> ControlReply {
///         switch request {
///         case .status:
///             return .status(EngineSnapshot(inputs: levels))
///         case .sim(let name, .set(let on)) where levels[name] != nil:
///             levels[name] = on
///             return .ok
///         case .sim(let name, _):
///             return .failure("no input named '\(name)'")
///         }
///     }
/// }
/// ```
public protocol ControlHandler {
    func handle(_ request: ControlRequest) -> ControlReply
}

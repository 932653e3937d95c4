import Values

/// What answers control requests: the engine in the daemon, a fake in tests.
///
/// `ControlServer` calls it on the thread that drives the server, one request at a time,
/// in the order each connection sent them. It must not block: the event loop that polls
/// the GPIO lines waits for it.
///
/// A handler answers at once (`handle(_:)`), or later through a `ControlResponder`
/// (`handle(_:responder:)`): the daemon answers a `sim` request once the change has
/// reached the engine. Until then the connection reads no further request, so its
/// replies keep the order of its requests; other connections go on being served.
///
/// ```swift
/// final class Demo: ControlHandler {
///     var levels = ["switch1": false]
///     func handle(_ request: ControlRequest) -> ControlReply {
///         switch request {
///         case .status:
///             return .status(EngineSnapshot(inputs: levels))
///         case .sim(let name, .set(let on), _) where levels[name] != nil:
///             levels[name] = on
///             return .ok
///         case .sim(let name, _, _):
///             return .failure("no input named '\(name)'")
///         }
///     }
/// }
/// ```
public protocol ControlHandler {
    /// Answers `request` now.
    func handle(_ request: ControlRequest) -> ControlReply
    /// Answers `request` through `responder`, now or later (on the server's thread). By
    /// default, with `handle(_:)` at once.
    func handle(_ request: ControlRequest, responder: ControlResponder)
}

extension ControlHandler {
    public func handle(_ request: ControlRequest, responder: ControlResponder) {
        responder.reply(handle(request))
    }
}

/// The one reply a request gets, given when the handler has it.
///
/// The first `reply` counts; later ones are ignored, and so is a reply to a client that
/// has gone. A responder dropped without a reply answers with a failure, so that no
/// client waits forever. Use it on the server's thread.
///
/// ```swift
/// func handle(_ request: ControlRequest, responder: ControlResponder) {
///     loop.schedule(in: .milliseconds(10)) { responder.reply(.ok) }
/// }
/// ```
public final class ControlResponder {
    private var deliver: ((ControlReply) -> Void)?

    public init(_ deliver: @escaping (ControlReply) -> Void) {
        self.deliver = deliver
    }

    deinit {
        deliver?(.failure("the daemon dropped the request without an answer"))
    }

    /// Whether the reply was given.
    public var isAnswered: Bool { deliver == nil }

    /// Sends `reply` to the client (the first call only).
    public func reply(_ reply: ControlReply) {
        guard let deliver else { return }
        self.deliver = nil
        deliver(reply)
    }
}

import Control

extension Daemon: ControlHandler {
    /// What the control socket answers: `ControlReplies`.
    public func handle(_ request: ControlRequest) -> ControlReply { replies.handle(request) }

    public func handle(_ request: ControlRequest, responder: ControlResponder) {
        replies.handle(request, responder: responder)
    }
}

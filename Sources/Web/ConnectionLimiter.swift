import NIOCore

/// The server socket's gatekeeper: past `limit` connections at once, a new connection
/// is closed at once (refused), and the gate counts it, so the log says so once and then
/// as a count.
///
/// Confined to the server channel's event loop; each connection's close is told there.
final class ConnectionLimiter: ChannelInboundHandler {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel

    private let limit: Int
    private let gate: WebGate
    private var open = 0

    init(limit: Int, gate: WebGate) {
        self.limit = limit
        self.gate = gate
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let connection = unwrapInboundIn(data)
        guard open < limit else {
            gate.count(.connections)
            connection.close(promise: nil)
            return
        }
        open += 1
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        connection.closeFuture.hop(to: context.eventLoop).whenComplete { _ in bound.value.open -= 1 }
        context.fireChannelRead(data)
    }
}

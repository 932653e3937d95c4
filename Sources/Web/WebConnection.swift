import NIOCore
import NIOHTTP1

/// One connection's HTTP/1.1 exchanges: each request read whole (a body over the limit
/// answered 413), routed off the connection's loop (`WebRoutes`, which waits for the
/// daemon), and answered; keep-alive as the client asks.
///
/// A request must arrive within `WebLimits.idleTimeout` of the connection opening or
/// of the previous response: past it the connection is closed (answered 408 first when
/// its headers had come), so that a client that sends a byte a minute, or a body that
/// never ends, holds it no longer than an idle one.
///
/// Confined to its channel's event loop, as NIO's handlers are.
final class WebConnection: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let routes: WebRoutes
    private let limits: WebLimits
    private let streams: WebStreams
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    private var tooLarge = false
    /// A request is being answered: the deadline waits for its response.
    private var answering = false
    /// A request read while the answers before it were still unread: answered once the
    /// client reads them (`channelWritabilityChanged`), or the connection is closed when
    /// it has not within the idle timeout.
    private var stalled: (request: WebRequest, keepAlive: Bool)?
    /// The version of the request being answered: an event stream to an HTTP/1.0 client
    /// is sent as HTTP/1.0 would take it, its body unframed until the connection ends,
    /// since such a client knows no chunks. (NIO's pipelining hands over the next request
    /// only once this one is answered, and a stream is a connection's last answer.)
    private var version = HTTPVersion.http1_1
    private var deadline: Scheduled<Void>?

    init(routes: WebRoutes, limits: WebLimits, streams: WebStreams) {
        self.routes = routes
        self.limits = limits
        self.streams = streams
    }

    func handlerAdded(context: ChannelHandlerContext) {
        armDeadline(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let requestHead):
            head = requestHead
            body = []
            tooLarge = false
            if let length = requestHead.headers.first(name: "content-length").flatMap(Int.init), length > limits.bodyBytes {
                tooLarge = true
            }
        case .body(var buffer):
            guard !tooLarge else { return }
            if body.count + buffer.readableBytes > limits.bodyBytes {
                tooLarge = true
                body = []
            } else {
                body += buffer.readBytes(length: buffer.readableBytes) ?? []
            }
        case .end:
            guard let head else { return }
            self.head = nil
            deadline?.cancel()
            deadline = nil
            answering = true
            if tooLarge {
                return respond(context, WebRoutes.failure(413, "the body is larger than \(limits.bodyBytes) bytes"),
                               keepAlive: false)
            }
            let request = WebRequest(method: head.method.rawValue, path: Self.path(of: head.uri),
                                     authorization: head.headers.first(name: "authorization"), body: body)
            body = []
            let keepAlive = head.isKeepAlive
            version = head.version
            guard context.channel.isWritable else {
                // The client has not read the answers before: this one waits until it
                // does, and with it every request read after it (NIO's pipelining
                // hands them over one at a time), so that what waits for a client that
                // reads nothing is its write buffer, never an answer per request read.
                stalled = (request, keepAlive)
                armDeadline(context, whileStalled: true)
                return
            }
            answer(context, request, keepAlive: keepAlive)
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable, let (request, keepAlive) = stalled {
            stalled = nil
            deadline?.cancel()
            deadline = nil
            answer(context, request, keepAlive: keepAlive)
        }
        context.fireChannelWritabilityChanged()
    }

    /// Routes `request` off the connection's loop and writes the answer when it comes.
    private func answer(_ context: ChannelHandlerContext, _ request: WebRequest, keepAlive: Bool) {
        let routes = routes
        let promise = context.eventLoop.makePromise(of: WebResponse.self)
        promise.completeWithTask { await routes.respond(to: request) }
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        promise.futureResult.whenSuccess { response in
            bound.value.handler.respond(bound.value.context, response, keepAlive: keepAlive)
        }
    }

    /// Writes `response`; closes the connection after it unless the client keeps it.
    private func respond(_ context: ChannelHandlerContext, _ response: WebResponse, keepAlive: Bool) {
        guard context.channel.isActive else { return }
        if response.isEventStream { return openStream(context, response) }
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: response.contentType)
        headers.add(name: "Content-Length", value: String(response.body.count))
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) { headers.add(name: name, value: value) }
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        let status = HTTPResponseStatus(statusCode: response.status)
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))),
                      promise: nil)
        var buffer = context.channel.allocator.buffer(capacity: response.body.count)
        buffer.writeBytes(response.body)
        context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        let written = context.writeAndFlushWithPromise(wrapOutboundOut(.end(nil)))
        answering = false
        if keepAlive {
            armDeadline(context)
        } else {
            written.whenComplete { _ in context.close(promise: nil) }
        }
    }

    /// Sends the event stream's head (no length: chunked, never ended; to an HTTP/1.0
    /// client, unframed) and hands the connection to the server's streams. It stays
    /// `answering`, so the idle timeout never applies to it again; the daemon is asked for
    /// the snapshot it starts with.
    private func openStream(_ context: ChannelHandlerContext, _ response: WebResponse) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: response.contentType)
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) { headers.add(name: name, value: value) }
        let head = HTTPResponseHead(version: version == .http1_0 ? .http1_0 : .http1_1, status: .ok, headers: headers)
        context.writeAndFlush(wrapOutboundOut(.head(head)), promise: nil)
        streams.open(context.channel)
        routes.backend.requestSnapshot()
    }

    /// The next request must arrive, whole, within the idle timeout; `whileStalled`: the
    /// client must read the answers before it within the idle timeout.
    private func armDeadline(_ context: ChannelHandlerContext, whileStalled: Bool = false) {
        deadline?.cancel()
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: TimeAmount(limits.idleTimeout)) {
            let (handler, context) = bound.value
            handler.deadline = nil
            if whileStalled {
                if handler.stalled != nil { context.close(promise: nil) }
                return
            }
            guard !handler.answering else { return }
            if handler.head != nil {
                handler.head = nil
                handler.respond(context, WebRoutes.failure(408, "the request did not arrive within \(handler.limits.idleTimeout)"),
                                keepAlive: false)
            } else {
                context.close(promise: nil)
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private static func path(of uri: String) -> String {
        String(uri.prefix { $0 != "?" && $0 != "#" })
    }
}

extension ChannelHandlerContext {
    fileprivate func writeAndFlushWithPromise(_ data: NIOAny) -> EventLoopFuture<Void> {
        let promise = eventLoop.makePromise(of: Void.self)
        writeAndFlush(data, promise: promise)
        return promise.futureResult
    }
}

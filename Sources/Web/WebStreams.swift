import Control
import JSON
import Locks
import NIOCore
import NIOHTTP1
import Values

/// The event streams (`GET /api/events`) of one server: each a connection whose response
/// never ends, written Server-Sent Events: first `event: snapshot`, then one
/// `event: changes` per transaction, `event: log` per line logged, `: keep-alive` every
/// 30 s while any is open; after a reload `event: graph` and a new `event: snapshot`.
///
/// Bounded: past `WebLimits.streams` the oldest stream is closed, and a stream whose
/// client lets `WebLimits.streamBytes` wait unread is closed, its neighbours going on.
/// Each event is encoded once, here, whatever the number of streams.
///
/// Confined to the server's event loop; `send` is safe from any thread (the daemon's
/// loop hands events over with `execute` and never waits).
final class WebStreams: Sendable {
    enum Event: Sendable {
        case changes(SettledChanges)
        case log(WebLogLine)
        /// What `GET /api/status` answers: every stream still waiting for its first
        /// snapshot gets it; with `reload`, every other stream too, after `event: graph`.
        case snapshot(EngineSnapshot, reload: Bool)
    }

    let loop: any EventLoop
    private let limits: WebLimits
    private let gate: WebGate
    private let state: NIOLoopBoundBox<State>
    /// How many streams are open, readable from any thread: with none, `send` does not
    /// wake the server's thread at all.
    private let openCount = LockedValueBox(0)

    private final class State {
        var streams: [Stream] = []
        var opened = 0
        var keepAlive: RepeatedTask?
    }

    private final class Stream {
        let id: Int
        let channel: any Channel
        /// Bytes handed to the channel and not yet written to its socket.
        var waiting = 0
        /// Whether it had its first snapshot: until then it gets nothing else.
        var isLive = false

        init(id: Int, channel: any Channel) {
            self.id = id
            self.channel = channel
        }
    }

    init(loop: any EventLoop, limits: WebLimits, gate: WebGate) {
        self.loop = loop
        self.limits = limits
        self.gate = gate
        state = NIOLoopBoundBox.makeBoxSendingValue(State(), eventLoop: loop)
    }

    /// How many streams are open. On the loop.
    var count: Int { state.value.streams.count }

    /// `channel` (its response's head written) becomes a stream, waiting for its first
    /// snapshot; past the limit, the oldest stream is closed. On the loop.
    func open(_ channel: any Channel) {
        let state = state.value
        state.opened += 1
        let id = state.opened
        state.streams.append(Stream(id: id, channel: channel))
        if state.streams.count > limits.streams {
            let oldest = state.streams.removeFirst()
            oldest.channel.close(promise: nil)
            gate.count(.streams)
        }
        openCount.withLockedValue { $0 = state.streams.count }
        channel.closeFuture.hop(to: loop).whenComplete { _ in self.remove(id) }
        if state.keepAlive == nil {
            let interval = TimeAmount(limits.keepAlive)
            state.keepAlive = loop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { _ in
                self.keepAlive()
            }
        }
    }

    /// Hands `event` to every stream, on the loop; from any thread.
    func send(_ event: Event) {
        guard openCount.withLockedValue({ $0 }) > 0 else { return }
        loop.execute { self.deliver(event) }
    }

    /// Closes every stream. On the loop.
    func closeAll() {
        for stream in state.value.streams { stream.channel.close(promise: nil) }
    }

    private func remove(_ id: Int) {
        let state = state.value
        state.streams.removeAll { $0.id == id }
        openCount.withLockedValue { $0 = state.streams.count }
        // No client, no timer: an idle server with no page open never wakes.
        if state.streams.isEmpty {
            state.keepAlive?.cancel()
            state.keepAlive = nil
        }
    }

    private func deliver(_ event: Event) {
        let streams = state.value.streams
        guard !streams.isEmpty else { return }
        switch event {
        case .changes(let changes):
            let frame = Self.frame("changes", changes.json)
            for stream in streams where stream.isLive { write(frame, to: stream) }
        case .log(let line):
            let frame = Self.frame("log", line.json)
            for stream in streams where stream.isLive { write(frame, to: stream) }
        case .snapshot(let snapshot, let reload):
            let frame = Self.frame("snapshot", snapshot.json)
            let graph = Self.frame("graph", .object(JSONObject()))
            for stream in streams {
                if stream.isLive {
                    guard reload else { continue }
                    write(graph, to: stream)
                } else {
                    stream.isLive = true
                }
                write(frame, to: stream)
            }
        }
    }

    private func keepAlive() {
        let frame = Array(": keep-alive\n\n".utf8)
        for stream in state.value.streams { write(frame, to: stream) }
    }

    /// Writes `bytes` to `stream`, or closes it when its client has let too much wait.
    private func write(_ bytes: [UInt8], to stream: Stream) {
        guard stream.channel.isActive else { return }
        guard stream.waiting + bytes.count <= limits.streamBytes else {
            state.value.streams.removeAll { $0.id == stream.id }
            openCount.withLockedValue { $0 = state.value.streams.count }
            stream.channel.close(promise: nil)
            gate.count(.unreadStream)
            return
        }
        stream.waiting += bytes.count
        var buffer = stream.channel.allocator.buffer(capacity: bytes.count)
        buffer.writeBytes(bytes)
        let promise = loop.makePromise(of: Void.self)
        let bound = NIOLoopBound(stream, eventLoop: loop)
        let count = bytes.count
        promise.futureResult.whenComplete { _ in bound.value.waiting -= count }
        stream.channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(buffer)), promise: promise)
    }

    /// `event: NAME` and the document on one `data:` line (JSON serialized has no line
    /// breaks), then the blank line that ends an event.
    static func frame(_ name: String, _ data: JSONValue) -> [UInt8] {
        Array("event: \(name)\ndata: \(data.serialized)\n\n".utf8)
    }
}

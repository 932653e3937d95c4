#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SystemCore
import Loop

/// One client of a `ControlServer`: its socket, the part of a request line received so
/// far, and the replies the client has not read yet.
final class ControlConnection {
    let fd: Int32
    var input: LineBuffer
    /// Replies not yet taken by the kernel; `outputStart` is where the unsent part begins.
    private(set) var output: [UInt8] = []
    private var outputStart = 0
    /// Where each queued reply ends in `output`, in order; the first one past
    /// `outputStart` is the reply being sent.
    private var replyEnds: [Int] = []
    /// No more requests are read; the connection closes once its replies are sent.
    var isClosing = false
    /// The client shut down its sending side: what is buffered is all there is.
    var endOfInput = false
    /// A request was handed to the handler and its reply has not come yet: nothing more
    /// is read or answered until it does, so replies keep the requests' order.
    var awaitingReply = false
    /// The server is answering this connection's buffered requests (a reply given at
    /// once must not start another pass).
    var answering = false
    /// When the client last completed a request or took part of a reply (loop clock).
    var lastActiveAt: UInt64 = 0
    /// Orders connections by their last activity, for choosing whom to evict.
    var activity: UInt64 = 0
    /// Closes the connection once it has been idle for the server's time-out.
    var idleTimer: LoopTimer?

    init(fd: Int32, maxRequestBytes: Int) {
        self.fd = fd
        input = LineBuffer(maxLineBytes: maxRequestBytes)
    }

    var pendingOutputCount: Int { output.count - outputStart }

    /// Replies queued behind the one being sent: what the client leaves unread. The reply
    /// in flight never counts, however large, so a big status always arrives whole.
    var unreadBeyondCurrentReply: Int {
        guard let current = replyEnds.first else { return 0 }
        return output.count - current
    }

    /// What to poll the socket for.
    var pollEvents: Int16 {
        var events: Int16 = isClosing || endOfInput || awaitingReply ? 0 : Int16(POLLIN)
        if pendingOutputCount > 0 { events |= Int16(POLLOUT) }
        return events
    }

    func queue(_ reply: ControlReply) {
        output.append(contentsOf: reply.encoded().utf8)
        output.append(UInt8(ascii: "\n"))
        replyEnds.append(output.count)
    }

    enum FlushResult { case drained, pending, failed }

    /// Sends what the kernel takes without blocking.
    func flush() -> FlushResult {
        while pendingOutputCount > 0 {
            let sent = output.withUnsafeBytes { buffer in
                Result { () throws(SystemCallError) in
                    try UnixSocket.sendAvailable(fd, UnsafeRawBufferPointer(rebasing: buffer[outputStart...]))
                }
            }
            switch sent {
            case .success(let count):
                outputStart += count
                let sentReplies = replyEnds.prefix { $0 <= outputStart }.count
                if sentReplies > 0 { replyEnds.removeFirst(sentReplies) }
            case .failure(let error):
                return error.errno == EAGAIN || error.errno == EWOULDBLOCK ? .pending : .failed
            }
        }
        output.removeAll(keepingCapacity: output.capacity <= 64 * 1024)
        outputStart = 0
        replyEnds.removeAll()
        return .drained
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One client of a `ControlServer`: its socket, the part of a request line received so
/// far, and the replies the client has not read yet.
final class ControlConnection {
    let fd: Int32
    var input: LineBuffer
    /// Replies not yet taken by the kernel; `outputStart` is where the unsent part begins.
    private(set) var output: [UInt8] = []
    private var outputStart = 0
    /// No more requests are read; the connection closes once its replies are sent.
    var isClosing = false

    init(fd: Int32, maxRequestBytes: Int) {
        self.fd = fd
        input = LineBuffer(maxLineBytes: maxRequestBytes)
    }

    var pendingOutputCount: Int { output.count - outputStart }

    /// What to poll the socket for.
    var pollEvents: Int16 {
        var events: Int16 = isClosing ? 0 : Int16(POLLIN)
        if pendingOutputCount > 0 { events |= Int16(POLLOUT) }
        return events
    }

    func queue(_ reply: ControlReply) {
        output.append(contentsOf: reply.encoded().utf8)
        output.append(UInt8(ascii: "\n"))
    }

    enum FlushResult { case drained, pending, failed }

    /// Sends what the kernel takes without blocking.
    func flush() -> FlushResult {
        while pendingOutputCount > 0 {
            let sent = output.withUnsafeBytes { buffer in
                Result { () throws(SystemCall.Failure) in
                    try UnixSocket.sendAvailable(fd, UnsafeRawBufferPointer(rebasing: buffer[outputStart...]))
                }
            }
            switch sent {
            case .success(let count):
                outputStart += count
            case .failure(let error):
                return error.errno == EAGAIN || error.errno == EWOULDBLOCK ? .pending : .failed
            }
        }
        output.removeAll(keepingCapacity: output.capacity <= 64 * 1024)
        outputStart = 0
        return .drained
    }
}

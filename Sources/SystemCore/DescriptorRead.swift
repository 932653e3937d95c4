/// What one read from a descriptor gave: bytes, nothing yet (the descriptor is
/// non-blocking, or another reader took them first), the end of input, or a failure.
///
/// ```swift
/// switch SystemCall.readAvailable(fd, into: &buffer) {
/// case .bytes(let count): consume(buffer[..<count])
/// case .notYet: return                 // wait for the loop to report it readable again
/// case .ended, .failed: stopReading()
/// }
/// ```
public enum DescriptorRead: Hashable, Sendable {
    /// This many bytes, at the start of the buffer (at least one).
    case bytes(Int)
    /// Nothing to read now: `EAGAIN` or `EWOULDBLOCK`.
    case notYet
    /// The end of input: the writer closed its end.
    case ended
    /// The read failed with something other than `EINTR`, which is retried.
    case failed(SystemCallError)
}

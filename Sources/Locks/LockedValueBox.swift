/// A value behind a `Lock`, for the little state threads share (work handed to a loop,
/// what a test double records), never for the per-event path.
///
/// ```swift
/// let queue = LockedValueBox<[Int]>([])
/// queue.withLockedValue { $0.append(1) }
/// ```
public final class LockedValueBox<Value>: @unchecked Sendable {
    @usableFromInline
    let lock = Lock()
    @usableFromInline
    var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock.
    @inlinable
    public func withLockedValue<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

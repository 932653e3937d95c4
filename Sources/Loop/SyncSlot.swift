/// The body of an `EventLoop.sync` call and its outcome. The body is let go of before
/// the caller is woken, as `withoutActuallyEscaping` requires.
final class SyncSlot<Value, Failure: Error>: @unchecked Sendable {
    private var body: (() throws(Failure) -> Value)?
    private var outcome: Result<Value, Failure>?

    init(_ body: @escaping () throws(Failure) -> Value) { self.body = body }

    func run() {
        guard let body else { return }
        self.body = nil
        outcome = Result { () throws(Failure) -> Value in try body() }
    }

    func take() -> Result<Value, Failure> { outcome! }
}

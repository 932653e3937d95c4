/// Carries a value to the loop thread when the compiler cannot see that only one thread
/// uses it at a time (a closure handed over by `sync`, which waits for it, or by a
/// Combine scheduler, whose protocol predates `Sendable`).
struct UncheckedSendable<Value>: @unchecked Sendable {
    var value: Value

    init(_ value: Value) { self.value = value }
}

/// Carries a value to the loop thread when the compiler cannot see that only one thread
/// uses it at a time (a closure handed over by `sync`, which waits for it, or by
/// `LoopScheduler`, whose Combine protocol predates `Sendable`).
package struct UncheckedSendable<Value>: @unchecked Sendable {
    package var value: Value

    package init(_ value: Value) { self.value = value }
}

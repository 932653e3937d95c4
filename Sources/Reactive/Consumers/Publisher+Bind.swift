extension Publisher where Failure == Never {
    /// Sends every value of this publisher into `consumer` until the returned
    /// cancellable is cancelled or released.
    ///
    /// ```swift
    /// let allOn = switches.combineLatest.map { $0.allSatisfy { $0 } }
    /// let binding = allOn.bind(to: button.enabled)
    /// ```
    ///
    /// The subscriber is a `ConsumerBinding`: it asks for unlimited values and hands
    /// each one to the consumer directly, with no lock on the way.
    @inlinable
    public func bind(to consumer: AnyConsumer<Output>) -> AnyCancellable {
        let binding = ConsumerBinding(relay: consumer.relay)
        #if canImport(Combine)
        subscribe(binding)
        #else
        // OpenCombine's `subscribe` adds only the `_Introspection` hook, and is not
        // inlinable: going through it makes the publisher's `receive(subscriber:)`, and
        // so its whole value path to the consumer, run as unspecialised generic code.
        receive(subscriber: binding)
        #endif
        return AnyCancellable(binding)
    }
}

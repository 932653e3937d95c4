extension Publisher where Failure == Never {
    /// Sends every value of this publisher into `consumer` until the returned
    /// cancellable is cancelled or released.
    ///
    /// ```swift
    /// let allOn = switches.combineLatest.map { $0.allSatisfy { $0 } }
    /// let binding = allOn.bind(to: button.enabled)
    /// ```
    @inlinable
    public func bind(to consumer: AnyConsumer<Output>) -> AnyCancellable {
        sink { consumer.send($0) }
    }
}

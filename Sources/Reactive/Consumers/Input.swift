/// Wraps an ``AnyConsumer`` so its owner can subscribe to it while everyone else can
/// only send into it.
///
/// The owner writes `@Input var press = AnyConsumer<Int>()` and builds pipelines on
/// `_press` (a publisher that never fails); other code sees only `press`, whose one
/// operation is `send(_:)`.
///
/// ```swift
/// struct Button {
///     @Input var press = AnyConsumer<Void>()
///     var presses: AnyPublisher<Void, Never> { _press.eraseToAnyPublisher() }
/// }
/// ```
@propertyWrapper
public struct Input<Output>: Publisher {
    public typealias Failure = Never

    public let wrappedValue: AnyConsumer<Output>

    @inlinable
    public init(wrappedValue: AnyConsumer<Output>) {
        self.wrappedValue = wrappedValue
    }

    /// Each subscriber is one pipeline: it gets what is sent while it has demand (a
    /// value sent at zero demand is dropped for it, as by `PassthroughSubject`), never
    /// concurrently, and nothing after it cancels.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        wrappedValue.relay.subscribe(subscriber)
    }
}

/// An input-only endpoint: anyone holding it can `send` values into it, nobody can
/// subscribe to it. Its owner wraps it in `@Input` to build pipelines on it.
///
/// Values are multicast to every pipeline built on the owning `@Input` at the time of
/// the send; nothing is replayed to later subscribers.
///
/// ```swift
/// final class Panel {
///     @Input var press = AnyConsumer<Int>()
///     init() { _press.sink { print("pressed", $0) }.store(in: &bag) }
/// }
/// panel.press.send(1)
/// ```
public struct AnyConsumer<Input> {
    @usableFromInline
    let relay: PassthroughSubject<Input, Never>

    @inlinable
    public init() {
        relay = PassthroughSubject()
    }

    /// Delivers `value` to every pipeline built on the owning `@Input` wrapper.
    @inlinable
    public func send(_ value: Input) {
        relay.send(value)
    }
}

/// An input-only endpoint: anyone holding it can `send` values into it, nobody can
/// subscribe to it. Its owner exposes it through ``Input`` to build pipelines on it.
///
/// Values are multicast to every pipeline built on the owning ``Input`` at the time of
/// the send; nothing is replayed to later subscribers.
///
/// ```swift
/// final class Panel {
///     @Input var press = AnyConsumer<Int>()
///     init() { _press.sink { print("pressed", $0) }.store(in: &bag) }
/// }
/// panel.press.send(1)
/// ```
public struct AnyConsumer<Value> {
    @usableFromInline
    let relay: PassthroughSubject<Value, Never>

    @inlinable
    public init() {
        relay = PassthroughSubject()
    }

    /// Delivers `value` to every pipeline built on the owning ``Input``.
    @inlinable
    public func send(_ value: Value) {
        relay.send(value)
    }
}

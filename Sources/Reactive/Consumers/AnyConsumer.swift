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
///
/// An owner that handles every value itself can say so when it makes the consumer:
/// `receiveValue` then gets each value first, straight from `send` (no pipeline, no
/// subscription, no lock), before any pipeline built on the `@Input`.
///
/// ```swift
/// final class Lamp {
///     @Input var on: AnyConsumer<Bool>
///     init() { _on = Input(wrappedValue: AnyConsumer { print("lamp", $0 ? "on" : "off") }) }
/// }
/// let binding = isDark.bind(to: lamp.on)
/// ```
public struct AnyConsumer<Input> {
    @usableFromInline
    let relay: ConsumerRelay<Input>

    /// A consumer whose values go to the pipelines built on the owning `@Input`.
    @inlinable
    public init() {
        relay = ConsumerRelay(receiveValue: nil)
    }

    /// A consumer whose values go to `receiveValue` first, then to the pipelines built on
    /// the owning `@Input`.
    ///
    /// `receiveValue` runs on the sending thread, inside `send`. Like a subscriber's
    /// `receive`, it is not called concurrently as long as sends do not overlap, which
    /// is what one `bind(to:)` gives: a publisher calls its subscriber serially.
    @inlinable
    public init(receiveValue: @escaping (Input) -> Void) {
        relay = ConsumerRelay(receiveValue: receiveValue)
    }

    /// Delivers `value` to the owner's `receiveValue`, if any, then to every pipeline
    /// built on the owning `@Input` wrapper.
    @inlinable
    public func send(_ value: Input) {
        relay.send(value)
    }
}

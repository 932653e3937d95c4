/// A value that belongs to one event loop, carried where the compiler asks for
/// `Sendable` (a closure handed to another thread, a type other threads hold): every
/// access checks that it happens on the loop's thread, so confinement is enforced
/// rather than promised in a comment.
///
/// ```swift
/// let engine = LoopBound(Engine(configuration: config, backend: backend, loop: loop), loop: loop)
/// loop.execute { engine.value.stop() }    // fine: on the loop
/// engine.value.stop()                     // off the loop: stops the process
/// ```
public struct LoopBound<Value>: @unchecked Sendable {
    public let loop: any EventLoop
    private var _value: Value

    /// Call on the loop's thread: the value is the loop's from now on.
    public init(_ value: Value, loop: any EventLoop) {
        loop.preconditionInEventLoop()
        self.loop = loop
        _value = value
    }

    /// The value; only on the loop's thread.
    public var value: Value {
        get {
            loop.preconditionInEventLoop()
            return _value
        }
        set {
            loop.preconditionInEventLoop()
            _value = newValue
        }
    }
}

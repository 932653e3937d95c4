import Values

extension Engine {
    /// Gives the node `id` a value from its own source, as an event of its own, now: a
    /// remote input's topic, a sensor's reading, a reading or a level given by hand under
    /// `--simulate`, a test file's input. Not a command (`set(_:_:)` is): a number takes
    /// any finite value, outside a command input's `min:` and `max:` too, or
    /// `.unavailable`; a command or remote input with a level takes on or off.
    ///
    /// Returns the node's value after the event (a number after its filters); nil when
    /// the engine is not running, or the node takes no such value (a level for a number,
    /// anything for a signal or an output, an input on a line: its line moves it).
    ///
    /// ```swift
    /// engine.update(.input("outside"), to: .number(21.5, "°C"))   // .number(21.5, "°C")
    /// engine.update(.input("outside"), to: .unavailable)          // .unavailable
    /// engine.update(.input("shed_door"), to: .on)                 // .level(true)
    /// ```
    @discardableResult
    public func update(_ id: NodeID, to value: NodeValue) -> NodeValue? {
        loop.preconditionInEventLoop()
        guard state == .running, let node = nodes[id.name], node.id == id else { return nil }
        return node.update(to: value, in: self)
    }

    /// The value of the node `id` now; nil when the engine has no such node (it has
    /// none before `start()`).
    public func value(of id: NodeID) -> NodeValue? {
        loop.preconditionInEventLoop()
        guard let node = nodes[id.name], node.id == id else { return nil }
        return node.value(at: loop.now)
    }
}

/// A descriptor a host watches, and its handler. The host holds the same object while
/// it dispatches, so that an `unwatch` from within a handler takes effect at once.
final class WatchedDescriptor {
    let fd: Int32
    var events: Int16
    var handler: (Int16) -> Void
    var isActive = true

    init(fd: Int32, events: Int16, handler: @escaping (Int16) -> Void) {
        self.fd = fd
        self.events = events
        self.handler = handler
    }
}

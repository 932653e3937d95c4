/// A descriptor a host watches, and its handler. The host holds the same object while
/// it dispatches, so that an `unwatch` from within a handler takes effect at once.
package final class WatchedDescriptor {
    package let fd: Int32
    package var events: Int16
    package var handler: (Int16) -> Void
    package var isActive = true

    package init(fd: Int32, events: Int16, handler: @escaping (Int16) -> Void) {
        self.fd = fd
        self.events = events
        self.handler = handler
    }
}

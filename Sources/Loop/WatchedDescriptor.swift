#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A descriptor a loop watches, and its handler. The loop holds the same object while
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

/// The descriptors a loop watches, shared by both loops: watching again replaces the
/// events and handler, and `isStale` says when the poll set must be rebuilt.
package struct WatchTable {
    private var watches: [Int32: WatchedDescriptor] = [:]
    /// Set when the descriptors or their events changed since `inOrder()`.
    package private(set) var isStale = true

    package init() {}

    package mutating func watch(fd: Int32, events: Int16, handler: @escaping (Int16) -> Void) {
        if let existing = watches[fd] {
            if existing.events != events { isStale = true }
            existing.events = events
            existing.handler = handler
        } else {
            watches[fd] = WatchedDescriptor(fd: fd, events: events, handler: handler)
            isStale = true
        }
    }

    package mutating func unwatch(fd: Int32) {
        guard let watch = watches.removeValue(forKey: fd) else { return }
        watch.isActive = false
        isStale = true
    }

    package subscript(fd: Int32) -> WatchedDescriptor? { watches[fd] }

    /// The watches of `descriptors` that are ready now, each with its `revents`; nothing
    /// waits. The loops run their handlers (`EventLoop.runReadyHandlers(of:)`), outside
    /// any access to the table, since a handler may watch and unwatch.
    package func ready(among descriptors: [Int32]) -> [(watch: WatchedDescriptor, revents: Int16)] {
        let selected = descriptors.compactMap { watches[$0] }
        guard !selected.isEmpty else { return [] }
        var set = selected.map { pollfd(fd: $0.fd, events: $0.events, revents: 0) }
        guard poll(&set, nfds_t(set.count), 0) > 0 else { return [] }
        return zip(selected, set).compactMap { $1.revents == 0 ? nil : ($0, $1.revents) }
    }

    /// Runs the handlers of `ready` still watched; a descriptor closed while watched
    /// (`POLLNVAL`) is given to `unwatch` instead. Returns how many handlers ran.
    package static func dispatch(_ ready: [(watch: WatchedDescriptor, revents: Int16)],
                                 unwatch: (Int32) -> Void) -> Int {
        var ran = 0
        for (watch, revents) in ready where watch.isActive {
            if revents & Int16(POLLNVAL) != 0 {
                unwatch(watch.fd)
            } else {
                watch.handler(revents)
                ran += 1
            }
        }
        return ran
    }

    package var descriptors: [Int32] { watches.keys.sorted() }

    /// The watches in descriptor order, as `poll` wants them; clears `isStale`.
    package mutating func inOrder() -> [WatchedDescriptor] {
        isStale = false
        return watches.values.sorted { $0.fd < $1.fd }
    }

    package mutating func removeAll() {
        watches = [:]
    }
}

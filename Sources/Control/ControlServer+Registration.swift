#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension ControlServer {
    /// Hands the server's descriptors to an event loop that calls back when one is ready,
    /// and keeps that loop up to date from then on.
    ///
    /// - `register(fd, events, ready)`: poll `fd` for `events` (poll(2) bits, `POLLIN`
    ///   and/or `POLLOUT`) and call `ready(revents)` on the loop's thread when it is
    ///   ready. Called again for a registered `fd` when the events change: the new events
    ///   replace the old.
    /// - `unregister(fd)`: stop polling `fd`. Called before the server closes it.
    ///
    /// Both may be called from within `ready`.
    ///
    /// ```swift
    /// // Engine's EventLoop: watching an fd again replaces its events and handler.
    /// loop.sync {
    ///     server.start(register: { loop.watch(fd: $0, events: $1, handler: $2) },
    ///                  unregister: { loop.unwatch(fd: $0) })
    /// }
    /// ```
    public func start(register: @escaping (Int32, Int16, @escaping (Int16) -> Void) -> Void,
                      unregister: @escaping (Int32) -> Void) {
        registrar = Registrar(register: register, unregister: unregister)
        syncRegistrations()
    }

    /// Brings the loop's registrations in line with `pollDescriptors`.
    func syncRegistrations() {
        guard let registrar else { return }
        let wanted = pollDescriptors
        for fd in registrar.registered.keys where !wanted.contains(where: { $0.fd == fd }) {
            registrar.unregisterIfNeeded(fd)
        }
        for descriptor in wanted where registrar.registered[descriptor.fd] != descriptor.events {
            registrar.registered[descriptor.fd] = descriptor.events
            let fd = descriptor.fd
            registrar.register(fd, descriptor.events) { [weak self] revents in
                self?.handle(fd, revents: revents)
            }
        }
    }

    /// The loop's callbacks and what it was last told.
    final class Registrar {
        let register: (Int32, Int16, @escaping (Int16) -> Void) -> Void
        let unregister: (Int32) -> Void
        var registered: [Int32: Int16] = [:]

        init(register: @escaping (Int32, Int16, @escaping (Int16) -> Void) -> Void,
             unregister: @escaping (Int32) -> Void) {
            self.register = register
            self.unregister = unregister
        }

        func unregisterIfNeeded(_ fd: Int32) {
            guard registered.removeValue(forKey: fd) != nil else { return }
            unregister(fd)
        }
    }
}

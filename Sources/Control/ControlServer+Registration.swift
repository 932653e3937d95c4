import Loop

extension ControlServer {
    /// Registers the server with `loop`, which from then on calls it when a client
    /// connects, sends or can take more of a reply. Call on the loop's thread; every
    /// later call to the server happens there too.
    ///
    /// ```swift
    /// let server = try ControlServer(path: "/run/gpioagg/control.sock", handler: daemon)
    /// server.start(on: loop)
    /// ...
    /// server.close()
    /// ```
    public func start(on loop: any EventLoop) {
        loop.preconditionInEventLoop()
        self.loop = loop
        syncRegistrations()
    }

    /// Brings the loop's watches in line with `pollDescriptors`.
    func syncRegistrations() {
        guard let loop else { return }
        let wanted = pollDescriptors
        for fd in registered.keys where !wanted.contains(where: { $0.fd == fd }) {
            unregisterIfNeeded(fd)
        }
        for descriptor in wanted where registered[descriptor.fd] != descriptor.events {
            registered[descriptor.fd] = descriptor.events
            let fd = descriptor.fd
            loop.watch(fd: fd, events: descriptor.events) { [weak self] revents in
                self?.handle(fd, revents: revents)
            }
        }
    }

    func unregisterIfNeeded(_ fd: Int32) {
        guard registered.removeValue(forKey: fd) != nil else { return }
        loop?.unwatch(fd: fd)
    }
}

import SystemCore

extension ControlServer {
    /// Where the kernel says how many connections a listening socket may queue.
    static let somaxconnPath = "/proc/sys/net/core/somaxconn"

    /// The queue asked for when `somaxconnPath` cannot be read (the unit's
    /// `ProcSubset=pid` hides `/proc/sys`): glibc's `SOMAXCONN`, the kernel's own default
    /// since Linux 5.4. Asking more than the kernel allows is never an error: `listen`
    /// cuts it to `somaxconn`.
    static let fallbackBacklog: Int32 = 4096

    /// How many connections the socket queues while the loop is busy: as many as the
    /// kernel allows. A burst of clients (a script that asks `status` from every core, a
    /// monitoring agent that reconnects at once) then waits its turn instead of being
    /// refused with `EAGAIN`; the connections beyond `Limits.maxConnections` are still
    /// closed once accepted.
    ///
    /// ```swift
    /// ControlServer.listenBacklog(somaxconn: "4096\n")   // 4096
    /// ControlServer.listenBacklog(somaxconn: nil)        // fallbackBacklog
    /// ```
    static func listenBacklog(somaxconn text: String?) -> Int32 {
        guard let text, let value = Int32(text.trimmingTrailingNewlines), value > 0 else { return fallbackBacklog }
        return value
    }

    /// The backlog for this machine, from `somaxconnPath`.
    static var listenBacklog: Int32 {
        listenBacklog(somaxconn: try? SysfsFiles.readAttribute(somaxconnPath))
    }
}

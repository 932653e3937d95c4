#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import GPIO

/// `webFloodEdge`, `webSlowLorisEdge`, `webUnreadEdge` and their controls: how long a
/// GPIO edge takes to reach its output through a daemon with `web:` while its server is
/// abused (`WebAbuse`): 1,000 connections opened at once again and again, slow-loris
/// clients holding every connection the server allows, or clients that send requests
/// and never read the answers.
///
/// For each abuse, three daemons with `web:` on loopback ports of their own run side by
/// side as in `sensorBlockingEdge`: two that no client reaches (`web...Base`,
/// `web...Control`), and the abused one (`web...Edge`). The edges are made to each in
/// turn, 1 to 3 ms apart. The control's and the abused one's rows give their difference
/// from the base (`p50_added_ns`, `p99_added_ns`, `max_added_ns`): the control's is what
/// two identical daemons differ by on the machine at the time, the noise to read the
/// abuse's against. The abused row also gives the connections the clients opened and
/// the bytes the server took from them.
@MainActor func webAbuseEdgeRows() -> [Measurement] {
    let edges = quick ? 200 : 5_000
    var rows: [Measurement] = []
    for kind in WebAbuse.Kind.allCases {
        do {
            rows += try webAbuseRows(kind, edges: edges)
        } catch {
            fatalError("webAbuseEdge: \(kind): \(error)")
        }
    }
    return rows
}

@MainActor private func webAbuseRows(_ kind: WebAbuse.Kind, edges: Int) throws -> [Measurement] {
    let ports = (0..<3).map { _ in freeLoopbackPort() }
    let base = try EdgeLatencyDaemon(blockingSensor: false, web: "127.0.0.1:\(ports[0])")
    defer { base.stop() }
    let control = try EdgeLatencyDaemon(blockingSensor: false, web: "127.0.0.1:\(ports[1])")
    defer { control.stop() }
    let abused = try EdgeLatencyDaemon(blockingSensor: false, web: "127.0.0.1:\(ports[2])")
    defer { abused.stop() }
    for port in ports { waitUntilListening(port) }

    let abuse = try WebAbuse(kind, port: ports[2])
    // The clients under way before the first edge.
    usleep(200_000)
    let (start, end) = makeEdgesInTurn(to: [base, control, abused], edges: edges)
    let tally = abuse.stop()

    let name = "web" + kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst()
    func run(_ daemon: EdgeLatencyDaemon) -> EdgeLatencyRun {
        EdgeLatencyRun(latencies: daemon.latencies.sorted(), reads: [], start: start, end: end, edgesDuringReads: 0)
    }
    let baseRun = run(base)
    let baseRow = baseRun.measurement(name: name + "Base")
    func compared(_ daemon: EdgeLatencyDaemon, name: String, extra: [(String, String)] = []) -> Measurement {
        let daemonRun = run(daemon)
        var row = daemonRun.measurement(name: name)
        row.extra = [
            ("p50_added_ns", "\(Int64(row.p50) - Int64(baseRow.p50))"),
            ("p99_added_ns", "\(Int64(row.p99) - Int64(baseRow.p99))"),
            ("max_added_ns", "\(Int64(daemonRun.maximum) - Int64(baseRun.maximum))"),
        ] + row.extra + extra
        return row
    }
    let seconds = Double(end - start) / 1e9
    return [baseRow, compared(control, name: name + "Control"),
            compared(abused, name: name + "Edge", extra: [
                ("connections_opened", "\(tally.connections)"),
                ("connections_per_s", "\(Int(Double(tally.connections) / seconds))"),
                ("bytes_sent", "\(tally.sent)"),
            ])]
}

/// A loopback port no one listens on now: the kernel's choice for a socket bound to
/// port 0, closed again.
private func freeLoopbackPort() -> UInt16 {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    precondition(descriptor >= 0, "webAbuseEdge: no socket: \(errno)")
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
        }
    }
    precondition(bound, "webAbuseEdge: cannot bind a loopback port: \(errno)")
    return UInt16(bigEndian: address.sin_port)
}

/// Waits, up to 5 s, until a connection to `port` on loopback is accepted.
private func waitUntilListening(_ port: UInt16) {
    for _ in 0..<500 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        close(descriptor)
        if connected { return }
        usleep(10_000)
    }
    fatalError("webAbuseEdge: the daemon's web server did not listen on 127.0.0.1:\(port) within 5 s")
}

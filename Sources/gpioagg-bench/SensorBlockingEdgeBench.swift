#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import GPIO

/// `edgeLatency` and `sensorBlockingEdge`: how long a GPIO edge takes to reach its
/// output through the whole daemon (the `Daemon` of `gpioagg run --simulate`, its own
/// `PosixEventLoop`, simulated chips), with no sensor, and while a 1-Wire thermometer's
/// every read blocks for 750 ms, as a DS18B20's conversion does (`EdgeLatencyDaemon`).
///
/// The two daemons run side by side, so that both see the same load on a shared
/// machine: edges are made in turn, one to each, 1 to 3 ms apart (spread so that they
/// fall at every phase of the reads), each the opposite of the last. Both rows give the
/// worst latency (`max_ns`) and how many edges took over 1 ms (`over_1ms`): on a
/// shared machine these come from the other processes, and a stall lands on whichever
/// daemon has an edge under way. `sensorBlockingEdge`
/// adds the difference from `edgeLatency` (`p50_added_ns`, `p99_added_ns`,
/// `max_added_ns`), the reads that overlapped the run (`reads_during_run`), the part of
/// the run a read was under way (`read_busy`) and how many of its edges came while one
/// was (`edges_during_reads`).
@MainActor func sensorBlockingEdgeRows() -> [Measurement] {
    let edges = quick ? 200 : 5_000
    do {
        let (quiet, blocking) = try edgeLatencyRuns(edges: edges)
        var row = blocking.measurement(name: "sensorBlockingEdge")
        let base = quiet.measurement(name: "edgeLatency")
        row.extra = [
            ("p50_added_ns", "\(Int64(row.p50) - Int64(base.p50))"),
            ("p99_added_ns", "\(Int64(row.p99) - Int64(base.p99))"),
            ("max_added_ns", "\(Int64(blocking.maximum) - Int64(quiet.maximum))"),
        ] + row.extra
        return [base, row]
    } catch {
        fatalError("sensorBlockingEdge: \(error)")
    }
}

/// Both daemons side by side, so that both see the same load on a shared machine:
/// `edges` edges each (after a tenth as many to warm up), made in turn, one to the
/// daemon without the sensor, the next to the one with it, 1 to 3 ms apart.
@MainActor func edgeLatencyRuns(edges: Int) throws -> (quiet: EdgeLatencyRun, blocking: EdgeLatencyRun) {
    let quiet = try EdgeLatencyDaemon(blockingSensor: false)
    defer { quiet.stop() }
    let blocking = try EdgeLatencyDaemon(blockingSensor: true)
    defer { blocking.stop() }
    var random = SystemRandomNumberGenerator()
    let warmup = edges / 10
    var start: UInt64 = 0
    for index in 0..<(warmup + edges) * 2 {
        if index == warmup * 2 { start = MonotonicClock.now() }
        let daemon = index % 2 == 0 ? quiet : blocking
        daemon.edge()
        usleep(UInt32.random(in: 1_000...3_000, using: &random))
        daemon.collect(keep: index >= warmup * 2)
    }
    let end = MonotonicClock.now()
    func run(_ daemon: EdgeLatencyDaemon) -> EdgeLatencyRun {
        let reads = (daemon.slowFile?.reads ?? []).filter { $0.end > start && $0.start < end }
        let edgesDuringReads = daemon.edgeTimes.count { time in reads.contains { $0.start <= time && time < $0.end } }
        return EdgeLatencyRun(latencies: daemon.latencies.sorted(), reads: reads, start: start, end: end,
                              edgesDuringReads: edgesDuringReads)
    }
    return (run(quiet), run(blocking))
}


#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import GPIO

/// `edgeLatency`, `edgeLatencyControl` and `sensorBlockingEdge`: how long a GPIO edge
/// takes to reach its output through the whole daemon (the `Daemon` of `gpioagg run
/// --simulate`, its own `PosixEventLoop`, simulated chips), with no sensor, and while a
/// 1-Wire thermometer's every read blocks for 750 ms, as a DS18B20's conversion does
/// (`EdgeLatencyDaemon`).
///
/// Three daemons run side by side, so that all see the same load on a shared machine:
/// one without a sensor (`edgeLatency`), a second one the same (`edgeLatencyControl`),
/// and one with the blocking sensor (`sensorBlockingEdge`). Edges are made in turn, one
/// to each, 1 to 3 ms apart (spread so that they fall at every phase of the reads), each
/// the opposite of the last. Each row gives the worst latency (`max_ns`) and how many
/// edges took over 1 ms (`over_1ms`); the last two give their difference from
/// `edgeLatency` (`p50_added_ns`, `p99_added_ns`, `max_added_ns`). The control's
/// difference is what two identical daemons differ by on the machine at the time: the
/// noise the sensor's difference is to be read against (a stall of the machine lands on
/// whichever daemon has an edge under way). `sensorBlockingEdge` also gives the reads
/// that overlapped the run (`reads_during_run`), the part of the run a read was under
/// way (`read_busy`) and how many of its edges came while one was
/// (`edges_during_reads`).
@MainActor func sensorBlockingEdgeRows() -> [Measurement] {
    let edges = quick ? 200 : 5_000
    do {
        let runs = try edgeLatencyRuns(edges: edges)
        let base = runs.quiet.measurement(name: "edgeLatency")
        func compared(_ run: EdgeLatencyRun, name: String) -> Measurement {
            var row = run.measurement(name: name)
            row.extra = [
                ("p50_added_ns", "\(Int64(row.p50) - Int64(base.p50))"),
                ("p99_added_ns", "\(Int64(row.p99) - Int64(base.p99))"),
                ("max_added_ns", "\(Int64(run.maximum) - Int64(runs.quiet.maximum))"),
            ] + row.extra
            return row
        }
        return [base, compared(runs.control, name: "edgeLatencyControl"),
                compared(runs.blocking, name: "sensorBlockingEdge")]
    } catch {
        fatalError("sensorBlockingEdge: \(error)")
    }
}

/// The three daemons side by side: `edges` edges each (after a tenth as many to warm
/// up), made in turn, 1 to 3 ms apart.
@MainActor func edgeLatencyRuns(edges: Int) throws
    -> (quiet: EdgeLatencyRun, control: EdgeLatencyRun, blocking: EdgeLatencyRun)
{
    let quiet = try EdgeLatencyDaemon(blockingSensor: false)
    defer { quiet.stop() }
    let control = try EdgeLatencyDaemon(blockingSensor: false)
    defer { control.stop() }
    let blocking = try EdgeLatencyDaemon(blockingSensor: true)
    defer { blocking.stop() }
    let (start, end) = makeEdgesInTurn(to: [quiet, control, blocking], edges: edges)
    func run(_ daemon: EdgeLatencyDaemon) -> EdgeLatencyRun {
        let reads = (daemon.slowFile?.reads ?? []).filter { $0.end > start && $0.start < end }
        let edgesDuringReads = daemon.edgeTimes.count { time in reads.contains { $0.start <= time && time < $0.end } }
        return EdgeLatencyRun(latencies: daemon.latencies.sorted(), reads: reads, start: start, end: end,
                              edgesDuringReads: edgesDuringReads)
    }
    return (run(quiet), run(control), run(blocking))
}

/// Makes `edges` edges to each daemon (after a tenth as many to warm up), in turn, 1 to
/// 3 ms apart, each collected before the next; returns when the measured ones began
/// and ended (`MonotonicClock`).
@MainActor func makeEdgesInTurn(to daemons: [EdgeLatencyDaemon], edges: Int) -> (start: UInt64, end: UInt64) {
    var random = SystemRandomNumberGenerator()
    let warmup = edges / 10
    var start: UInt64 = 0
    for index in 0..<(warmup + edges) * daemons.count {
        if index == warmup * daemons.count { start = MonotonicClock.now() }
        let daemon = daemons[index % daemons.count]
        daemon.edge()
        usleep(UInt32.random(in: 1_000...3_000, using: &random))
        daemon.collect(keep: index >= warmup * daemons.count)
    }
    return (start, MonotonicClock.now())
}

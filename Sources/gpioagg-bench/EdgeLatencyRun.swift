/// One run's latencies, and the slow sensor's reads that overlapped it (none without
/// the sensor).
struct EdgeLatencyRun {
    var latencies: [UInt64]
    var reads: [(start: UInt64, end: UInt64)]
    var start: UInt64
    var end: UInt64
    var edgesDuringReads: Int

    var maximum: UInt64 { latencies.last ?? 0 }

    func measurement(name: String) -> Measurement {
        let count = latencies.count
        let mean = Double(latencies.reduce(0, +)) / Double(max(count, 1))
        var extra = [("max_ns", "\(maximum)"), ("over_1ms", "\(latencies.count { $0 > 1_000_000 })")]
        if !reads.isEmpty {
            let busy = reads.reduce(UInt64(0)) { total, read in
                let from = max(read.start, start), to = min(read.end, end)
                return total + (to > from ? to - from : 0)
            }
            extra += [
                ("read_ms", "750"),
                ("reads_during_run", "\(reads.count)"),
                ("read_busy", formattedFraction(Double(busy) / Double(max(end - start, 1)))),
                ("edges_during_reads", "\(edgesDuringReads)"),
            ]
        }
        return Measurement(name: name, n: 1, events: count, nsPerEvent: mean,
                           p50: latencies[count / 2], p99: latencies[min(count - 1, count * 99 / 100)],
                           extra: extra)
    }
}

private func formattedFraction(_ value: Double) -> String {
    let thousandths = Int((value * 1000).rounded())
    return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - String(thousandths % 1000).count))\(thousandths % 1000)"
}

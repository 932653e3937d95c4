/// One benchmark row, printed as one JSON object per line.
struct Measurement {
    var name: String
    var n: Int
    var events: Int
    var nsPerEvent: Double
    var p50: UInt64
    var p99: UInt64
    var extra: [(String, String)] = []

    var json: String {
        var fields = [
            "\"name\":\"\(name)\"",
            "\"n\":\(n)",
            "\"events\":\(events)",
            "\"ns_per_event\":\(formatted(nsPerEvent))",
            "\"p50_ns\":\(p50)",
            "\"p99_ns\":\(p99)",
        ]
        fields += extra.map { "\"\($0.0)\":\($0.1)" }
        return "{" + fields.joined(separator: ",") + "}"
    }

    private func formatted(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return "\(Int(tenths) / 10).\(Int(tenths) % 10)"
    }
}

/// Times `events` calls of `step` twice: as one batch (the mean cost, without clock
/// reads in the loop) and one by one (the distribution; each sample includes one
/// clock read, about 20 ns).
func measure(name: String, n: Int, events: Int, warmup: Int,
             extra: [(String, String)] = [], _ step: (Int) -> Void) -> Measurement {
    for i in 0..<warmup { step(i) }

    let start = monotonicNanoseconds()
    for i in 0..<events { step(i) }
    let total = monotonicNanoseconds() - start

    var samples = [UInt64](repeating: 0, count: events)
    for i in 0..<events {
        let t0 = monotonicNanoseconds()
        step(i)
        samples[i] = monotonicNanoseconds() - t0
    }
    samples.sort()
    return Measurement(
        name: name, n: n, events: events,
        nsPerEvent: Double(total) / Double(events),
        p50: samples[events / 2],
        p99: samples[min(events - 1, events * 99 / 100)],
        extra: extra)
}

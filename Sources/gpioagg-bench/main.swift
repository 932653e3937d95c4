import Reactive

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// gpioagg-bench: prints one JSON object per line (name, n, events, ns_per_event,
// p50_ns, p99_ns; some rows add fields). Build with `-c release`; numbers from debug
// builds mean nothing.
//
//   gpioagg-bench [--quick] [--filter NAME[,NAME...]]

var quick = false
var filter: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--quick": quick = true
    case "--filter": filter = arguments.popFirst()
    case "--engine-idle-child":
        // The measured process of the `engineIdle` row (see EngineIdle.swift).
        let seconds = arguments.popFirst().flatMap(Double.init) ?? 3
        runEngineIdleChild(seconds: seconds, delayed: arguments.first == "delayed")
    case "-h", "--help":
        print("usage: gpioagg-bench [--quick] [--filter NAME[,NAME...]]")
        exit(0)
    default:
        print("gpioagg-bench: unknown argument '\(argument)'; try --help")
        exit(2)
    }
}

/// Keeps results observable so the optimiser cannot drop the work.
nonisolated(unsafe) var sink = 0

@MainActor func events(for n: Int) -> Int {
    if quick { return 2_000 }
    return n >= 1024 ? 100_000 : 300_000
}

@MainActor func run(_ name: String, _ body: () -> [Measurement]) {
    if let filter, !filter.split(separator: ",").contains(Substring(name)) { return }
    for row in body() { print(row.json) }
}

/// One value per event into one upstream, round robin, through `operator` into a sink
/// that looks at the array it gets.
///
/// Generic over the operator's type (no `AnyPublisher`) so that each operator runs as
/// specialised code, as it would in an application that names its pipeline's types.
@MainActor func combineRows<P: Publisher>(
    _ name: String,
    _ makeOperator: ([PassthroughSubject<Int, Never>]) -> P
) -> [Measurement] where P.Output == [Int], P.Failure == Never {
    [3, 64, 1024].map { n in
        let subjects = (0..<n).map { _ in PassthroughSubject<Int, Never>() }
        let subscription = makeOperator(subjects).sink { sink &+= $0.count }
        defer { subscription.cancel() }
        for subject in subjects { subject.send(0) }
        return measure(name: name, n: n, events: events(for: n), warmup: events(for: n) / 10) { i in
            subjects[i % n].send(i)
        }
    }
}

run("combineLatest") {
    combineRows("combineLatest") { $0.combineLatest }
}
run("seedCombineLatest") {
    combineRows("seedCombineLatest") { SeedCombineLatestCollection(upstreams: $0) }
}
run("zip") {
    combineRows("zip") { $0.zip }
}
run("merge") {
    combineRows("merge") { $0.merge.map { [$0] } }
}
run("withLatestFrom") {
    let source = PassthroughSubject<Int, Never>()
    let other = CurrentValueSubject<Int, Never>(0)
    let subscription = source.withLatestFrom(other).sink { sink &+= $0.0 &+ $0.1 }
    defer { subscription.cancel() }
    return [measure(name: "withLatestFrom", n: 2, events: events(for: 2), warmup: events(for: 2) / 10) { i in
        if i & 7 == 0 { other.send(i) }
        source.send(i)
    }]
}
run("subjectSink") {
    // The floor under every row above: one PassthroughSubject straight into a sink.
    let subject = PassthroughSubject<Int, Never>()
    let subscription = subject.sink { sink &+= $0 }
    defer { subscription.cancel() }
    return [measure(name: "subjectSink", n: 1, events: events(for: 1), warmup: events(for: 1) / 10) { i in
        subject.send(i)
    }]
}
run("consumer") {
    consumerRows()
}
run("combineLatestSetup") {
    // Building, subscribing and filling a combineLatest over 100,001 upstreams, then
    // one more value; each sample is one whole run (ns_per_event: per upstream).
    let n = 100_001
    let runs = quick ? 1 : 5
    var totals: [UInt64] = []
    for _ in 0..<runs {
        let start = monotonicNanoseconds()
        let subjects = (0..<n).map { _ in PassthroughSubject<Int, Never>() }
        let subscription = subjects.combineLatest.sink { sink &+= $0.count }
        for subject in subjects { subject.send(1) }
        subjects[n / 2].send(2)
        subscription.cancel()
        totals.append(monotonicNanoseconds() - start)
    }
    totals.sort()
    let mean = Double(totals.reduce(0, +)) / Double(runs)
    return [Measurement(name: "combineLatestSetup", n: n, events: runs,
                        nsPerEvent: mean / Double(n), p50: totals[runs / 2], p99: totals[runs - 1],
                        extra: [("runs", "\(runs)")])]
}

run("engine") {
    engineRows()
}
run("engineDiamond") {
    engineDiamondRows()
}
run("engineNumber") {
    engineNumberRows()
}
run("engineSimulated") {
    engineSimulatedRows()
}
run("engineTimed") {
    engineTimedRows()
}
run("engineIdle") {
    [engineIdleRow()]
}
run("engineIdleDelayed") {
    [engineIdleRow(delayed: true)]
}
run("engineCounter") {
    [engineCounterRow()]
}
run("engineWhy") {
    [engineWhyRow()]
}
run("mqtt") {
    mqttRows()
}
run("sensorBlockingEdge") {
    sensorBlockingEdgeRows()
}
run("webAbuseEdge") {
    webAbuseEdgeRows()
}

if sink == 42 { print("") }

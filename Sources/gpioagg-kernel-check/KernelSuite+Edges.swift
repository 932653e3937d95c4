import GPIO
import GPIOLibgpiod

extension KernelSuite {
    /// Edge kinds, order, offsets, timestamps and sequence numbers on a two-line request.
    func checkEdges() throws {
        let lines = [LineMap.edgeA, LineMap.edgeB]
        for line in lines { try sim.setPull(line, high: false) }
        let request = try chip.requestInputs(lines.map { InputLineConfig(offset: $0) },
                                             consumer: consumer)
        defer { request.release() }
        let descriptors = generation == 1 ? lines.count : 1
        tap.expect(request.fileDescriptors.count == descriptors,
                   "the request has \(descriptors) poll descriptor(s) (API v\(generation))",
                   ["descriptors: \(request.fileDescriptors)"])

        let started = MonotonicClock.now()
        var nothing: [EdgeEvent] = []
        let read = try request.readEvents(from: request.fileDescriptors[0], into: &nothing)
        let took = MonotonicClock.now() - started
        tap.expect(read == 0 && nothing.isEmpty && took < 100_000_000,
                   "reading with nothing waiting returns no events without blocking",
                   ["read \(read) in \(took / 1000) µs"])

        let steps: [(line: UInt32, high: Bool)] = [
            (LineMap.edgeA, true), (LineMap.edgeB, true), (LineMap.edgeA, false),
            (LineMap.edgeB, false), (LineMap.edgeA, true), (LineMap.edgeA, false),
        ]
        var events: [EdgeEvent] = []
        let before = MonotonicClock.now()
        for step in steps {
            // One edge at a time: gpio-sim reports the level when its interrupt thread
            // runs, so edges closer together could merge.
            events += try pull(step.line, high: step.high, on: request)
        }
        let after = MonotonicClock.now()
        let kinds = events.map(\.edge)
        let expectedKinds = steps.map { $0.high ? Edge.rising : .falling }
        tap.expect(kinds == expectedKinds, "edges arrive with the right kinds, in order",
                   ["events: \(describe(events))"])
        tap.expect(events.map(\.offset) == steps.map(\.line), "each event names its line")
        let stamps = events.map(\.timestamp)
        tap.expect(stamps == stamps.sorted() && stamps.allSatisfy { $0 >= before && $0 <= after },
                   "timestamps are non-decreasing and within the MonotonicClock window",
                   ["window: \(before)...\(after)", "stamps: \(stamps)"])

        if request.numbersEvents {
            let global = events.map(\.globalSequence)
            let perLine = lines.map { line in events.filter { $0.offset == line }.map(\.lineSequence) }
            let countsUp = { (numbers: [UInt64]) in numbers == (0..<numbers.count).map { UInt64($0 + 1) } }
            let consecutive = countsUp(global)
            let linesConsecutive = perLine.allSatisfy(countsUp)
            tap.expect(consecutive && linesConsecutive, "sequence numbers count up by one, per request and per line",
                       ["global: \(global)", "per line: \(perLine)"])
        } else {
            tap.expect(events.allSatisfy { $0.globalSequence == 0 && $0.lineSequence == 0 },
                       "libgpiod v1 events carry no sequence numbers")
        }
    }
}

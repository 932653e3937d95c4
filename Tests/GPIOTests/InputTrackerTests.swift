import GPIO
import GPIOSimulated
import Testing

/// The tracker on both event behaviours of the kernel: numbered events that drop the
/// oldest (libgpiod v2) and unnumbered ones that drop the newest (libgpiod v1).
@Suite struct InputTrackerTests {
    let clock = VirtualSimulationClock()

    struct Rig {
        let sim: SimulatedChip
        let request: any InputRequest
        let tracker: InputTracker
    }

    func rig(_ numbering: SimulatedChip.EventNumbering, lines: [InputLineConfig] = [InputLineConfig(offset: 0)],
             eventBufferSize: Int = 0, debounce: [UInt32: Debounce] = [:],
             before: (SimulatedChip) -> Void = { _ in }) throws -> Rig {
        let sim = SimulatedChip(name: "gpiochip0", label: "test", lineNames: ["A", "B", "C", "D"],
                                numbering: numbering, clock: clock)
        before(sim)
        let chip = try SimulatedBackend(chips: [sim]).openChip(.name("gpiochip0"))
        let request = try chip.requestInputs(lines, consumer: "test", eventBufferSize: eventBufferSize)
        let tracker = try InputTracker(request: request, debounce: debounce, now: clock.now)
        return Rig(sim: sim, request: request, tracker: tracker)
    }

    func drain(_ rig: Rig) throws -> [InputTracker.Change] {
        var changes: [InputTracker.Change] = []
        for fd in rig.request.fileDescriptors {
            try rig.tracker.readable(fd, now: clock.now, into: &changes)
        }
        return changes
    }

    @Test(arguments: [SimulatedChip.EventNumbering.numbered, .unnumbered])
    func startsFromTheLevelReadAtRequestTime(_ numbering: SimulatedChip.EventNumbering) throws {
        let rig = try rig(numbering, lines: [InputLineConfig(offset: 0), InputLineConfig(offset: 1, activeLow: true)]) {
            $0.set("A", high: true)
        }
        #expect(rig.tracker.levels == [true, true])
        #expect(try drain(rig).isEmpty)
    }

    @Test(arguments: [SimulatedChip.EventNumbering.numbered, .unnumbered])
    func reportsEachEdgeAsALevelChange(_ numbering: SimulatedChip.EventNumbering) throws {
        let rig = try rig(numbering, lines: [InputLineConfig(offset: 0), InputLineConfig(offset: 2, activeLow: true)])
        rig.sim.set("A", high: true)
        clock.advance(by: .milliseconds(1))
        rig.sim.set("C", high: true)  // active-low: a switch opening
        clock.advance(by: .milliseconds(1))
        rig.sim.set("A", high: false)
        let changes = try drain(rig)
        let expected: [InputTracker.Change] = [
            .init(offset: 0, value: true, timestamp: 0),
            .init(offset: 0, value: false, timestamp: 2_000_000),
            .init(offset: 2, value: false, timestamp: 1_000_000),
        ]
        // One descriptor per line (unnumbered) reads line by line.
        #expect(Set(changes) == Set(expected))
        #expect(changes.filter { $0.offset == 0 }.map(\.value) == [true, false])
        #expect(rig.tracker.levels == [false, false])
        #expect(rig.tracker.statistics.gaps == 0)
    }

    @Test func numberedEventsRevealDroppedOldEvents() throws {
        let rig = try rig(.numbered, eventBufferSize: 4)
        // 2,001 toggles with nobody reading: the buffer keeps the 4 newest.
        for _ in 0..<2_001 { rig.sim.toggle(.name("A")) }
        let changes = try drain(rig)
        #expect(rig.tracker.statistics.events == 4)
        #expect(rig.tracker.statistics.gaps == 1)
        #expect(rig.tracker.lastGap == .sequenceGap(missing: 1_997))
        #expect(rig.tracker.levels == [true])
        #expect(changes.last?.value == true)
    }

    @Test func unnumberedEventsRevealAFullBufferAndRecoverTheNewestLevel() throws {
        let rig = try rig(.unnumbered)
        // The kernel keeps the 16 oldest; the last edge (to high) is lost. The events
        // alone would say low.
        for _ in 0..<2_001 { rig.sim.toggle(.name("A")) }
        let changes = try drain(rig)
        #expect(rig.tracker.statistics.events == 16)
        #expect(rig.tracker.lastGap == .fullBuffer(count: 16))
        #expect(rig.tracker.statistics.corrections == 1)
        #expect(rig.tracker.levels == [true])
        #expect(changes.last == InputTracker.Change(offset: 0, value: true, timestamp: clock.now))
    }

    @Test func numberedLossesNameTheLineTheEdgesAndThePulsesTheLevelsMissed() throws {
        let rig = try rig(.numbered, eventBufferSize: 4)
        // 2,001 toggles from low with nobody reading: 1,001 rising edges. The buffer keeps
        // the 4 newest (F R F R); of the 1,997 dropped (R F ... R), 999 are rising, and the
        // first kept edge (falling, on a line held low) shows none of them.
        for _ in 0..<2_001 { rig.sim.toggle(.name("A")) }
        let changes = try drain(rig)
        #expect(rig.tracker.losses == [InputTracker.LineLoss(offset: 0, edges: 1_997, firstMissing: 1, pulses: 999)])
        #expect(changes.filter(\.value).count + 999 == 1_001)
        // The next read, which loses nothing, reports no loss.
        rig.sim.toggle(.name("A"))
        _ = try drain(rig)
        #expect(rig.tracker.losses.isEmpty)
    }

    @Test func aLossAfterACorrectionAddsHalfRoundedDown() throws {
        let rig = try rig(.numbered)
        let lossy = LossyRequest(rig.request, dropEvery: 2, numbered: true)
        let tracker = try InputTracker(request: lossy, now: clock.now)
        // R1 F2 R3 F4 R5: the odd ones are dropped. F2 and F4 each follow one dropped
        // rising edge (after an event: 1 each); R5's loss leaves the line low by the
        // events, and the re-read corrects it to high, which counts R5 as a change.
        for _ in 0..<5 { rig.sim.toggle(.name("A")) }
        var changes = try tracker.readable(lossy.fileDescriptors[0], now: clock.now)
        #expect(tracker.losses.map(\.pulses) == [1, 1])
        #expect(changes == [.init(offset: 0, value: true, timestamp: clock.now)])
        // F6 R7 F8: F6 follows R5, which the correction already counted: 0; F8 follows
        // R7 after an event: 1. Four rising edges in all: 1 + 1 + 0 + 1 and the correction.
        for _ in 0..<3 { rig.sim.toggle(.name("A")) }
        changes = try tracker.readable(lossy.fileDescriptors[0], now: clock.now)
        #expect(tracker.losses.map(\.pulses) == [0, 1])
        #expect(tracker.losses.map(\.edges) == [1, 1])
        #expect(changes.filter(\.value).isEmpty)
    }

    @Test func twoEdgesOfTheSameKindInARowTriggerAReRead() throws {
        let rig = try rig(.unnumbered)
        let lossy = LossyRequest(rig.request, dropEvery: 2)
        let tracker = try InputTracker(request: lossy, now: clock.now)
        rig.sim.set("A", high: true)   // lost
        rig.sim.set("A", high: false)  // read: a falling edge on a line already low
        rig.sim.set("A", high: true)   // lost: the events alone would leave it low
        let changes = try tracker.readable(lossy.fileDescriptors[0], now: clock.now)
        #expect(tracker.lastGap == .repeatedEdge(offset: 0))
        #expect(tracker.statistics.gaps == 1 && tracker.statistics.corrections == 1)
        #expect(changes == [.init(offset: 0, value: true, timestamp: clock.now)])
        #expect(tracker.levels == [true])
    }

    @Test func softwareDebounceUsesTheEventTimestamps() throws {
        let rig = try rig(.numbered, debounce: [0: Debounce(.stable, period: .milliseconds(10))])
        rig.sim.bounce(.name("A"), to: true, bounces: 3, every: .milliseconds(1))
        clock.advance(by: .milliseconds(6))
        #expect(try drain(rig).isEmpty)
        #expect(rig.tracker.nextDeadline == 16_000_000)
        clock.advance(by: .milliseconds(9))
        #expect(rig.tracker.expireDeadlines(now: clock.now).isEmpty)
        clock.advance(by: .milliseconds(1))
        #expect(rig.tracker.expireDeadlines(now: clock.now) == [.init(offset: 0, value: true, timestamp: 16_000_000)])
        #expect(rig.tracker.nextDeadline == nil)
        #expect(rig.tracker.levels == [true])
    }
}

/// Drops every `dropEvery`-th event it reads, like a kernel buffer losing events.
final class LossyRequest: InputRequest {
    let base: any InputRequest
    let dropEvery: Int
    /// Whether it passes the base's sequence numbers on (a kernel that numbers events
    /// and dropped some), or says events are not numbered.
    let numbersEvents: Bool
    private var seen = 0

    init(_ base: any InputRequest, dropEvery: Int, numbered: Bool = false) {
        self.base = base
        self.dropEvery = dropEvery
        numbersEvents = numbered && base.numbersEvents
    }

    var chip: ChipInfo { base.chip }
    var offsets: [UInt32] { base.offsets }
    var fileDescriptors: [Int32] { base.fileDescriptors }
    var debouncesInKernel: Bool { base.debouncesInKernel }
    var eventBufferCapacity: Int { 1_000 }
    func values() throws(GPIOError) -> [Bool] { try base.values() }
    func release() { base.release() }

    func readEvents(from fileDescriptor: Int32, into events: inout [EdgeEvent]) throws(GPIOError) -> Int {
        var all: [EdgeEvent] = []
        try base.readEvents(from: fileDescriptor, into: &all)
        var kept = 0
        for event in all {
            seen += 1
            if seen % dropEvery == 1 { continue }
            events.append(event)
            kept += 1
        }
        return kept
    }
}

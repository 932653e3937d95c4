@testable import KeptState
import Values
import Testing

@Suite("StateWriter.StateMachine")
struct StateWriterStateMachineTests {
    typealias Machine = StateWriter.StateMachine<String>
    static let lamp = NodeID.signal("lamp")
    static let relay = NodeID.output("relay")
    static let interval: UInt64 = 500
    static let full = KeptStateError(.writeFailed(path: "/s/kept-state", operation: "write", errno: 28))
    static let readOnly = KeptStateError(.writeFailed(path: "/s/kept-state", operation: "creating", errno: 30))

    /// A machine whose thread waits with nothing to do.
    static func idle(_ values: [NodeID: KeptValue] = [:]) -> Machine {
        var machine = Machine(values: values, interval: interval)
        guard case .waitForChange = machine.nextStep(now: 0) else { fatalError("not idle") }
        return machine
    }

    static func written(_ action: Machine.WriterAction) -> ([NodeID: KeptValue], UInt64)? {
        if case .write(let values, let generation) = action { return (values, generation) }
        return nil
    }

    @Test("a change wakes an idle writer once, which writes at once")
    func leadingWrite() throws {
        var machine = Self.idle()
        #expect(machine.record(Self.lamp, true) == .wakeWriter)
        #expect(machine.record(Self.relay, true) == .none)
        #expect(machine.phase == .signalled)
        let (values, generation) = try #require(Self.written(machine.nextStep(now: 10)))
        #expect(values == [Self.lamp: true, Self.relay: true])
        #expect(generation == 2)
    }

    @Test("a value recorded promptly (a kept total, already paced) wakes a sleeping writer, which writes without the rest of its interval")
    func prompt() throws {
        var machine = Self.idle()
        _ = machine.record(Self.lamp, true)
        _ = try #require(Self.written(machine.nextStep(now: 10)))
        _ = machine.writeFinished(generation: 1, error: nil, now: 20)
        #expect(machine.record(Self.lamp, false) == .none, "the thread is still running")
        guard case .sleep = machine.nextStep(now: 30) else { Issue.record("no sleep"); return }
        let water = NodeID.signal("water")
        #expect(machine.record(water, .number(12), promptly: true) == .wakeWriter)
        let (values, generation) = try #require(Self.written(machine.nextStep(now: 40)), "written at once")
        #expect(values == [Self.lamp: false, water: .number(12)])
        #expect(generation == 3)
        _ = machine.writeFinished(generation: 3, error: nil, now: 50)
        // The next ordinary change waits for the interval after that write again.
        #expect(machine.record(Self.lamp, true) == .none)
        guard case .sleep(let nanoseconds) = machine.nextStep(now: 60) else { Issue.record("no sleep"); return }
        #expect(nanoseconds == 50 + Self.interval - 60)
    }

    @Test("a value recorded again unchanged is no change")
    func unchanged() {
        var machine = Self.idle([Self.lamp: true])
        #expect(machine.record(Self.lamp, true) == .none)
        #expect(machine.changes == 0)
        guard case .waitForChange = machine.nextStep(now: 1) else { Issue.record("not idle"); return }
    }

    @Test("changes after a write wait for the interval and go out as one write")
    func coalesces() throws {
        var machine = Self.idle()
        _ = machine.record(Self.lamp, true)
        _ = try #require(Self.written(machine.nextStep(now: 10)))
        // Recorded while the write runs: the thread looks again before it waits.
        #expect(machine.record(Self.lamp, false) == .none)
        _ = machine.writeFinished(generation: 1, error: nil, now: 20)
        guard case .sleep(let nanoseconds) = machine.nextStep(now: 30) else { Issue.record("no sleep"); return }
        #expect(nanoseconds == 20 + Self.interval - 30)
        // While it sleeps, nothing wakes it.
        for index in 0..<100 { #expect(machine.record(Self.lamp, KeptValue(index % 2 == 0)) == .none) }
        guard case .sleep = machine.nextStep(now: 100) else { Issue.record("woke early"); return }
        let (values, generation) = try #require(Self.written(machine.nextStep(now: 20 + Self.interval)))
        #expect(values == [Self.lamp: false])
        #expect(generation == 102)
        _ = machine.writeFinished(generation: 102, error: nil, now: 600)
        guard case .waitForChange = machine.nextStep(now: 601) else { Issue.record("not idle"); return }
        #expect(machine.onDisk == 102)
    }

    @Test("a flush skips the rest of the interval and is released by the write")
    func flush() throws {
        var machine = Self.idle()
        guard case .done(nil) = machine.flush("early") else { Issue.record("waited with nothing pending"); return }
        _ = machine.record(Self.lamp, true)
        _ = machine.nextStep(now: 0)
        _ = machine.writeFinished(generation: 1, error: nil, now: 0)
        _ = machine.record(Self.lamp, false)
        guard case .sleep = machine.nextStep(now: 1) else { Issue.record("no sleep"); return }
        guard case .wait(wakeWriter: true) = machine.flush("stop") else { Issue.record("no wait"); return }
        guard case .wait(wakeWriter: false) = machine.flush("again") else { Issue.record("woke twice"); return }
        _ = try #require(Self.written(machine.nextStep(now: 2)))
        let finished = machine.writeFinished(generation: 2, error: nil, now: 3)
        #expect(finished.release.map(\.0) == ["stop", "again"])
        #expect(finished.release.allSatisfy { $0.1 == nil })
    }

    @Test("a failure is reported once per distinct error, retried at the next change, and its recovery reported")
    func failures() throws {
        var machine = Self.idle()
        _ = machine.record(Self.lamp, true)
        _ = machine.nextStep(now: 0)
        #expect(machine.writeFinished(generation: 1, error: Self.full, now: 0).report == .failed(Self.full))
        // Not retried by itself.
        guard case .waitForChange = machine.nextStep(now: 10_000) else { Issue.record("retried"); return }
        #expect(machine.record(Self.lamp, false) == .wakeWriter)
        _ = try #require(Self.written(machine.nextStep(now: 10_001)))
        #expect(machine.writeFinished(generation: 2, error: Self.full, now: 10_002).report == nil)
        _ = machine.record(Self.lamp, true)
        _ = try #require(Self.written(machine.nextStep(now: 20_000)))
        #expect(machine.writeFinished(generation: 3, error: Self.readOnly, now: 20_000).report == .failed(Self.readOnly))
        _ = machine.record(Self.lamp, false)
        _ = try #require(Self.written(machine.nextStep(now: 30_000)))
        #expect(machine.writeFinished(generation: 4, error: Self.full, now: 30_000).report == nil)
        _ = machine.record(Self.lamp, true)
        _ = try #require(Self.written(machine.nextStep(now: 40_000)))
        #expect(machine.writeFinished(generation: 5, error: nil, now: 40_000).report == .recovered)
        // After a success, the same failure is news again.
        _ = machine.record(Self.lamp, false)
        _ = try #require(Self.written(machine.nextStep(now: 50_000)))
        #expect(machine.writeFinished(generation: 6, error: Self.full, now: 50_000).report == .failed(Self.full))
    }

    @Test("a flush after a failure tries once more and hands back the error")
    func flushRetries() throws {
        var machine = Self.idle()
        _ = machine.record(Self.lamp, true)
        _ = machine.nextStep(now: 0)
        _ = machine.writeFinished(generation: 1, error: Self.full, now: 0)
        _ = machine.nextStep(now: 1)
        guard case .wait(wakeWriter: true) = machine.flush("stop") else { Issue.record("no wait"); return }
        _ = try #require(Self.written(machine.nextStep(now: 2)))
        let finished = machine.writeFinished(generation: 1, error: Self.full, now: 3)
        #expect(finished.release.count == 1 && finished.release[0].1 == Self.full)
        guard case .waitForChange = machine.nextStep(now: 4) else { Issue.record("retried again"); return }
    }

    @Test("retain drops keys the config no longer keeps, and that is a change")
    func retain() throws {
        var machine = Self.idle([Self.lamp: true, Self.relay: false])
        #expect(machine.retain(only: [Self.lamp, Self.relay, .signal("new")]) == .none)
        #expect(machine.retain(only: [Self.relay]) == .wakeWriter)
        let (values, _) = try #require(Self.written(machine.nextStep(now: 0)))
        #expect(values == [Self.relay: false])
    }

    @Test("close writes what is pending without waiting for the interval, then the thread exits; later records are ignored")
    func close() throws {
        var machine = Self.idle()
        _ = machine.record(Self.lamp, true)
        _ = machine.nextStep(now: 0)
        _ = machine.writeFinished(generation: 1, error: nil, now: 0)
        _ = machine.record(Self.lamp, false)
        guard case .sleep = machine.nextStep(now: 1) else { Issue.record("no sleep"); return }
        guard case .wait(wakeWriter: true) = machine.close("close") else { Issue.record("no wait"); return }
        _ = try #require(Self.written(machine.nextStep(now: 2)))
        #expect(machine.writeFinished(generation: 2, error: nil, now: 3).release.isEmpty)
        guard case .exit(let release) = machine.nextStep(now: 4) else { Issue.record("no exit"); return }
        #expect(release.map(\.0) == ["close"])
        #expect(machine.phase == .exited)
        #expect(machine.record(Self.lamp, true) == .none)
        #expect(machine.values == [Self.lamp: false])
        guard case .done(nil) = machine.close("twice") else { Issue.record("closed twice"); return }
    }
}

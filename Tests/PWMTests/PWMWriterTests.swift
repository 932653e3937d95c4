#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Locks
@testable import PWM
@testable import PWMCore
import SystemCore
import Testing

/// The PWM writer's rules as a value (`PWMWriter.StateMachine`), and its thread: the last
/// state asked of a channel wins, one write at a time, `settle` waits for the last one.
@Suite("PWM writer")
struct PWMWriterTests {
    typealias Machine = PWMWriter.StateMachine<String, String, Int>

    /// The write `nextStep` hands out, as `key job generation`.
    static func step(_ machine: inout Machine) -> String {
        switch machine.nextStep() {
        case .write(let key, let job, let generation): "\(key) \(job) \(generation)"
        case .waitForWork: "wait"
        case .exit(let release): "exit \(release)"
        }
    }

    @Test("a burst while a write is under way: the write, then the last value alone")
    func lastValueWins() {
        var machine = Machine()
        #expect(Self.step(&machine) == "wait")
        #expect(machine.ask("fan", "40") == .wakeWriter)
        #expect(Self.step(&machine) == "fan 40 1")
        #expect(machine.ask("fan", "60") == .none, "the thread looks again before it waits")
        #expect(machine.ask("fan", "80") == .none)
        #expect(machine.waiting == 1, "one state waits per channel")
        #expect(machine.writeFinished("fan", generation: 1, error: nil).isEmpty)
        #expect(Self.step(&machine) == "fan 80 3")
        _ = machine.writeFinished("fan", generation: 3, error: nil)
        #expect(Self.step(&machine) == "wait")
    }

    @Test("channels in the order asked; a channel asked again keeps its place")
    func order() {
        var machine = Machine()
        _ = Self.step(&machine)
        _ = machine.ask("fan", "1")
        _ = machine.ask("lamp", "2")
        _ = machine.ask("fan", "3")
        #expect(Self.step(&machine) == "fan 3 3")
        #expect(Self.step(&machine) == "lamp 2 2")
        #expect(Self.step(&machine) == "wait")
    }

    @Test("settle: done at once when written, else waits for the last state asked, told its failure")
    func settle() {
        var machine = Machine()
        _ = Self.step(&machine)
        guard case .done(nil) = machine.settle("fan", 1) else { Issue.record("nothing asked: done"); return }
        _ = machine.ask("fan", "40")
        guard case .wait(wakeWriter: false) = machine.settle("fan", 2) else { Issue.record("waits"); return }
        #expect(Self.step(&machine) == "fan 40 1")
        _ = machine.ask("fan", "60")
        guard case .wait = machine.settle("fan", 3) else { Issue.record("waits for 60"); return }
        let released = machine.writeFinished("fan", generation: 1, error: nil)
        #expect(released.map(\.0) == [2], "the waiter for 40 only")
        #expect(Self.step(&machine) == "fan 60 2")
        let failure = PWMError.invalidSettings("refused")
        let last = machine.writeFinished("fan", generation: 2, error: failure)
        #expect(last.map(\.0) == [3])
        #expect(last.first?.1 == failure)
        guard case .done(failure?) = machine.settle("fan", 4) else { Issue.record("the failure stays"); return }
    }

    @Test("close: what waits is written, then the thread ends, releasing the waiters")
    func close() {
        var machine = Machine()
        _ = Self.step(&machine)
        _ = machine.ask("fan", "40")
        #expect(machine.close() == .none, "already signalled")
        #expect(Self.step(&machine) == "fan 40 1")
        _ = machine.writeFinished("fan", generation: 1, error: nil)
        #expect(Self.step(&machine) == "exit []")
        #expect(machine.ask("fan", "50") == .none)
    }

    @Test("the thread: a held write keeps the caller free; settle times out, then sees it written")
    func thread() throws {
        let writer = PWMWriter()
        let gate = Semaphore()
        let entered = Semaphore()
        let written = LockedValueBox<[String]>([])
        let key = ObjectIdentifier(writer)
        func job(_ value: String) -> PWMWriter.Job {
            PWMWriter.Job(write: {
                if value == "held" {
                    entered.signal()
                    _ = gate.wait(timeout: .seconds(20))
                }
                written.withLockedValue { $0.append(value) }
                return nil
            }, report: { _ in })
        }
        writer.ask(key, job("held"))
        #expect(entered.wait(timeout: .seconds(20)), "the thread took the first write")
        writer.ask(key, job("a"))
        writer.ask(key, job("b"))
        #expect(writer.settle(key, within: .milliseconds(50)) == .unfinished)
        gate.signal()
        #expect(writer.settle(key, within: .seconds(20)) == .written)
        #expect(written.withLockedValue { $0 } == ["held", "b"])
    }
}

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Config
@testable import Engine
import Foundation
import Locks
import PWM
import SystemCore
import TestSupport
import Testing

/// PWM outputs on the kernel's files (`SysfsPWMBackend` over a fake tree) whose writes a
/// gate holds, as a slow or hung driver would: the engine's loop never waits on them, a
/// burst ends on its last value, a failed write still fails the engine, and `safe` is on
/// the channel when `stop()` returns.
@Suite("PWM writes off the loop")
struct PWMWriteOffLoopTests {
    /// The attribute writer of the tree: records each write, with whether it was made on
    /// the engine's loop, and holds it while the gate is closed. A held write gives up
    /// after `patience`, so that code writing on the loop ends the test instead of
    /// hanging it.
    final class GatedWriter: @unchecked Sendable {
        struct Write: Equatable {
            var attribute: String
            var text: String
            var onLoop: Bool
        }

        static let patience: Duration = .seconds(3)
        private let lock = Lock()
        private var closed = false
        private var recorded: [Write] = []
        private var gaveUp = 0
        private var refusing: String?
        private let gate = Semaphore()
        /// Signalled as each write is held.
        let held = Semaphore()
        let isOnLoop: @Sendable () -> Bool

        init(isOnLoop: @escaping @Sendable () -> Bool) {
            self.isOnLoop = isOnLoop
        }

        var writes: [Write] { lock.withLock { recorded } }
        var duties: [String] { writes.filter { $0.attribute == "duty_cycle" }.map(\.text) }
        /// Held writes that were never let through.
        var timedOut: Int { lock.withLock { gaveUp } }

        func close() { lock.withLock { closed = true } }

        func open() {
            let wasClosed = lock.withLock { () -> Bool in
                defer { closed = false }
                return closed
            }
            if wasClosed { gate.signal() }
        }

        /// Writes of `attribute` fail with EIO from now on.
        func refuse(_ attribute: String) { lock.withLock { refusing = attribute } }

        var writer: PWMAttributeWriter {
            PWMAttributeWriter { [self] path, text throws(SystemCallError) in
                let attribute = String(path.split(separator: "/").last ?? "")
                let onLoop = isOnLoop()
                let (hold, refused) = lock.withLock {
                    recorded.append(Write(attribute: attribute, text: text, onLoop: onLoop))
                    return (closed, refusing == attribute)
                }
                if hold {
                    held.signal()
                    if gate.wait(timeout: Self.patience) {
                        gate.signal()   // every held write goes through once it opens
                    } else {
                        lock.withLock { gaveUp += 1 }
                    }
                }
                if refused { throw SystemCallError(call: "write", errno: EIO) }
            }
        }
    }

    /// An engine with the fan of `PWMOutputTests` on channel 0 of a fake tree's
    /// `fe20c000.pwm`, exported and never set.
    final class Rig {
        let tree: FakeSysfs
        let gated: GatedWriter
        let harness: EngineHarness
        var failure: EngineError?

        init() throws {
            tree = try FakeSysfs()
            let chip = try tree.pwmChip(0, device: PWMOutputTests.device, channels: 2)
            try tree.pwmChannel(0, of: chip)
            let loopBox = LockedValueBox<(() -> Bool)?>(nil)
            gated = GatedWriter { loopBox.withLockedValue { $0 }?() ?? false }
            let backend = SysfsPWMBackend(root: tree.root, writer: gated.writer)
            harness = EngineHarness(try PWMOutputTests.configuration([PWMOutputTests.fan()]), pwm: backend)
            let loop = harness.loop
            loopBox.withLockedValue { $0 = { loop.inEventLoop } }
            harness.engine.onFailure = { [unowned self] in failure = $0 }
            try harness.start()
        }

        var engine: Engine { harness.engine }
        func cpu(_ value: Double) { engine.setNumber("cpu", to: value) }

        /// Runs the loop until `done`, for at most 20 s.
        func runLoop(until done: () -> Bool) {
            let deadline = Date().addingTimeInterval(20)
            while !done(), Date() < deadline {
                harness.loop.run()
                usleep(1_000)
            }
        }

        /// Waits (at most 20 s) for the writer's thread to have written `duty`.
        func waitForDuty(_ duty: String) {
            runLoop { gated.duties.last == duty }
        }
    }

    @Test("a write held by the driver: the loop goes on serving, and a burst ends on its last value alone")
    func heldWriteLeavesTheLoopFree() throws {
        let rig = try Rig()
        // Initial 100 %, then 30 % (40 °C is before the curve): 40000 ns, then 12000 ns.
        rig.waitForDuty("12000")
        rig.gated.close()
        rig.cpu(55)   // 47.5 %: held
        #expect(rig.gated.held.wait(timeout: .seconds(20)), "the write reached the driver")
        // While the driver holds that write, the loop serves an input change and more values.
        rig.harness.chip.clearWrites()
        rig.harness.set("GPIO17", true)
        #expect(rig.harness.writes("GPIO5") == [true], "the line output followed its input while the PWM write hung")
        rig.cpu(60)   // 65 %
        rig.cpu(65)   // 82.5 %: the last value
        #expect(rig.gated.duties.last == "19000", "nothing more reached the driver while it held a write")
        rig.gated.open()
        rig.waitForDuty("33000")
        #expect(rig.gated.duties == ["40000", "12000", "19000", "33000"], "65 % was overtaken before it was written")
        #expect(rig.gated.writes.allSatisfy { !$0.onLoop }, "no write on the loop's thread: \(rig.gated.writes)")
        #expect(rig.gated.timedOut == 0, "every held write was let through by the gate, none gave up")
        #expect(rig.failure == nil)
        rig.engine.stop()
    }

    @Test("stop: safe is on the channel when stop() returns, after a burst still being written")
    func safeWrittenAtStop() throws {
        let rig = try Rig()
        rig.waitForDuty("12000")
        rig.gated.close()
        rig.cpu(55)
        #expect(rig.gated.held.wait(timeout: .seconds(20)))
        rig.cpu(60)
        // The driver lets go while the engine stops.
        let gated = rig.gated
        Thread.detachNewThread { gated.open() }
        rig.engine.stop()
        #expect(rig.gated.duties.last == "36000", "safe: 90 % of 40000 ns, the last write: \(rig.gated.duties)")
        #expect(!rig.gated.duties.contains("26000") || rig.gated.duties.last == "36000")
        #expect(rig.gated.timedOut == 0)
    }

    @Test("a write the driver fails, made off the loop, still fails the engine with the output's name; safe is written")
    func failedWriteFailsTheEngine() throws {
        let rig = try Rig()
        rig.waitForDuty("12000")
        rig.gated.refuse("duty_cycle")
        rig.cpu(60)
        rig.runLoop { rig.failure != nil }
        let failure = try #require(rig.failure)
        #expect(failure.description.contains("output 'fan'"), "\(failure.description)")
        #expect(failure.description.contains("duty_cycle"), "\(failure.description)")
        #expect(!rig.engine.isRunning)
    }
}

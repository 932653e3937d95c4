import Config
import Dispatch
@testable import Engine
import GPIO
import GPIOSimulated
import Locks
import Loop
import Reactive
import Testing

@Suite("The engine on the real event loop")
struct EndToEndTests {
    /// Waits for changes the engine reports on its loop thread.
    final class ChangeWaiter: @unchecked Sendable {
        private let seen = LockedValueBox<[String]>([])
        private let arrived = DispatchSemaphore(value: 0)

        func record(_ change: EngineChange) {
            seen.withLockedValue { $0.append(change.description) }
            arrived.signal()
        }

        /// Waits until `description` has been seen `count` times (or gives up after a
        /// generous while).
        func wait(for description: String, count: Int = 1) -> Bool {
            let deadline = DispatchTime.now() + .seconds(30)
            while seen.withLockedValue({ $0.filter { $0 == description }.count }) < count {
                if arrived.wait(timeout: deadline) == .timedOut { return false }
            }
            return true
        }

        var all: [String] { seen.withLockedValue { $0 } }
    }

    @Test("simulated lines on the system clock: switches light the LED, a pulse, and stop leaves it safe")
    func endToEnd() throws {
        var configuration = Fixtures.example
        for index in configuration.inputs.indices {
            configuration.inputs[index].debounce = Debounce(.stable, period: .milliseconds(1))
        }
        configuration.outputs[0].safe = false
        let loop = try PosixEventLoop()
        defer { loop.stop() }
        let backend = SimulatedBackend.raspberryPi(clock: loop)
        let chip = backend.simulatedChips[0]
        let engine = Engine(configuration: configuration, backend: backend, loop: loop)
        let waiter = ChangeWaiter()
        let observation = loop.sync { engine.observeChanges { waiter.record($0) } }
        try loop.sync { try engine.start() }

        for name in ["GPIO17", "GPIO27", "GPIO22"] {
            loop.sync { chip.setActive(.name(name), true) }
        }
        #expect(waiter.wait(for: "output ready_led on"))
        #expect(chip.level(of: .name("GPIO5")) == true)

        // A pulse of switch2 (on, so: off for a moment) turns the LED off, then on again.
        #expect(loop.sync { chip.pulse(.name("GPIO27"), for: .milliseconds(5)) })
        #expect(waiter.wait(for: "output ready_led on", count: 2))
        #expect(waiter.all.filter { $0.hasPrefix("output") } == [
            "output ready_led off",   // the initial value
            "output ready_led on", "output ready_led off", "output ready_led on",
        ])
        let snapshot = loop.sync { engine.snapshot() }
        #expect(snapshot == EngineSnapshot(inputs: ["switch1": true, "switch2": true, "switch3": true],
                                           signals: ["all_on": true], outputs: ["ready_led": true]))

        loop.sync { engine.stop() }
        loop.sync { engine.stop() }
        #expect(chip.level(of: .name("GPIO5")) == false)
        #expect(chip.consumer(of: .name("GPIO17")) == nil)
        loop.sync { observation.cancel() }
    }
}

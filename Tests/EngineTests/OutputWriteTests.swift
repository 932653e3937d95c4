import Config
import Engine
import GPIO
import GPIOSimulated
import LoopEmbedded
import Testing

@Suite("Output writes")
struct OutputWriteTests {
    /// `button` (GPIO2) drives `led1`, `led2` and `dark` (not button) on the main chip and
    /// `remote` on a second chip; `steady` follows `any: [button, hold]` with `hold` on.
    static var fanOut: Configuration {
        Configuration(
            chips: [Fixtures.mainChip,
                    ChipDeclaration(name: "aux", locator: .label("aux-expander"), location: Fixtures.at(9))],
            inputs: [
                InputDeclaration(name: "button", chip: "main", line: .name("GPIO2"), bias: .pullDown,
                                 location: Fixtures.at(10)),
                // As-is bias: the level a test gives it before start stays.
                InputDeclaration(name: "hold", chip: "main", line: .name("GPIO3"), location: Fixtures.at(11)),
            ],
            signals: [
                SignalDeclaration(name: "dark_on", expression: .not("button"), location: Fixtures.at(20)),
                SignalDeclaration(name: "either", expression: .any(["button", "hold"]), location: Fixtures.at(21)),
            ],
            outputs: [
                OutputDeclaration(name: "led1", chip: "main", line: .name("GPIO5"), follows: "button",
                                  location: Fixtures.at(30)),
                OutputDeclaration(name: "led2", chip: "main", line: .name("GPIO6"), follows: "button",
                                  initial: true, safe: true, location: Fixtures.at(31)),
                OutputDeclaration(name: "dark", chip: "main", line: .name("GPIO7"), follows: "dark_on",
                                  location: Fixtures.at(32)),
                OutputDeclaration(name: "remote", chip: "aux", line: .offset(1), follows: "button",
                                  location: Fixtures.at(33)),
                OutputDeclaration(name: "steady", chip: "main", line: .name("GPIO8"), follows: "either",
                                  location: Fixtures.at(34)),
            ],
            file: Fixtures.file)
    }

    static func chips(_ clock: EmbeddedEventLoop) -> [SimulatedChip] {
        SimulatedBackend.raspberryPi(clock: clock).simulatedChips
            + [SimulatedChip(name: "gpiochip1", label: "aux-expander", lineCount: 8, clock: clock)]
    }

    @Test("the writes one event causes go out in one setValues per chip")
    func oneWritePerChipPerEvent() throws {
        var recorder: RecordingBackend?
        let harness = EngineHarness(Self.fanOut, chips: Self.chips, backend: { inner in
            let backend = RecordingBackend(inner)
            recorder = backend
            return backend
        })
        let backend = try #require(recorder)
        harness.set("GPIO3", true)       // hold on before start: steady starts on
        try harness.start()
        let aux = harness.simulated.simulatedChips[1]
        // At start: led2 goes from its initial `true` to the button's `false`, dark and
        // steady go on: one call for the main chip, none for aux (remote stays off).
        #expect(backend.calls(on: "gpiochip0") == [.init(chip: "gpiochip0", values: [6: false, 7: true, 8: true])])
        #expect(backend.calls(on: "gpiochip1").isEmpty)

        harness.chip.clearWrites()
        aux.clearWrites()
        let callsBefore = backend.calls.count
        harness.set("GPIO2", true)
        let calls = backend.calls.dropFirst(callsBefore)
        #expect(Array(calls) == [
            .init(chip: "gpiochip0", values: [5: true, 6: true, 7: false]),
            .init(chip: "gpiochip1", values: [1: true]),
        ])
        // The simulated chips saw the same: one timestamp, one write per changed line.
        let mainWrites = harness.chip.writes
        #expect(mainWrites.count == 3)
        #expect(Set(mainWrites.map(\.timestamp)).count == 1)
        #expect(aux.writes.map(\.value) == [true])
    }

    @Test("outputs whose value did not change are not rewritten")
    func unchangedValuesAreNotRewritten() throws {
        let harness = EngineHarness(Self.fanOut, chips: Self.chips)
        harness.set("GPIO3", true)
        try harness.start()
        let steadyWrites = harness.writes("GPIO8")
        for _ in 0..<5 {
            harness.set("GPIO2", true)
            harness.set("GPIO2", false)
        }
        // `either` stayed true all along: steady was written once at start, never again.
        #expect(harness.writes("GPIO8") == steadyWrites)
        #expect(steadyWrites == [false, true])
        #expect(harness.writes("GPIO5") == [false] + Array(repeating: [true, false], count: 5).flatMap { $0 })
    }

    @Test("a change undone within one transaction changes no signal and writes nothing")
    func glitchWithinOneEventIsNotWritten() throws {
        let harness = EngineHarness(Fixtures.signal(.all(["a"])))
        try harness.start()
        harness.chip.clearWrites()
        // Both edges wait in the buffer with the same timestamp: one transaction, no net
        // change, so the signal never takes a value its settled operands did not give.
        harness.chip.setActive(.name("GPIO2"), true)
        harness.chip.setActive(.name("GPIO2"), false)
        harness.loop.run()
        #expect(harness.changes(of: .signal, "s") == [])
        #expect(harness.chip.writes.isEmpty)
        #expect(harness.engine.statistics.inputEvents == 2)
    }

    @Test("outputs hold initial values from the request on, and safe values after stop")
    func initialAndSafeValues() throws {
        var configuration = Fixtures.signal(.all(["a", "b"]))
        configuration.outputs = [
            OutputDeclaration(name: "on_then_off", chip: "main", line: .name("GPIO5"), follows: "s",
                              initial: true, safe: false, location: Fixtures.at(30)),
            OutputDeclaration(name: "off_then_on", chip: "main", line: .name("GPIO6"), follows: "a",
                              initial: false, safe: true, location: Fixtures.at(31)),
            OutputDeclaration(name: "inverted", chip: "main", line: .name("GPIO7"), follows: "b",
                              initial: true, safe: true, activeLow: true, location: Fixtures.at(32)),
        ]
        let harness = EngineHarness(configuration)
        try harness.start()
        // Initial values first, then what the graph settled on (all inputs off).
        #expect(harness.writes("GPIO5") == [true, false])
        #expect(harness.writes("GPIO6") == [false])
        #expect(harness.writes("GPIO7") == [true, false])
        #expect(harness.level("GPIO7") == true, "active low: logical false is a high line")

        harness.set("GPIO2", true)
        harness.engine.stop()
        #expect(harness.writes("GPIO5") == [true, false, false])
        #expect(harness.writes("GPIO6") == [false, true, true])
        #expect(harness.writes("GPIO7") == [true, false, true])
        #expect(harness.snapshot.outputs == ["on_then_off": false, "off_then_on": true, "inverted": true])
        // Every safe value is reported as written, with its cause, also where the line
        // held it already.
        #expect(harness.changes(of: .output, "off_then_on") == [false, true, true])
        #expect(harness.changes.filter { $0.kind == .output }.suffix(3).allSatisfy { $0.cause == .safeState })
    }

    @Test("a failed write stops the engine: outputs go safe and onFailure hears why")
    func failedWriteStops() throws {
        var recorder: RecordingBackend?
        let harness = EngineHarness(Fixtures.signal(.all(["a"])), backend: { inner in
            let backend = RecordingBackend(inner)
            recorder = backend
            return backend
        })
        var failure: EngineError?
        harness.engine.onFailure = { failure = $0 }
        try harness.start()
        recorder?.failNextWrite = ("gpiochip0", .system("GPIO_V2_LINE_SET_VALUES_IOCTL", errno: 5, detail: "Input/output error"))
        harness.set("GPIO2", true)
        #expect(harness.engine.isRunning == false)
        let error = try #require(failure)
        #expect(error.location == Fixtures.at(30))
        #expect(error.description.hasPrefix("gpioagg.yaml:30:3: error: output 'led': GPIO_V2_LINE_SET_VALUES_IOCTL"))
        #expect(harness.log.last?.contains("stopping: outputs go to their safe values") == true)
        #expect(harness.level("GPIO5") == false)
        #expect(harness.chip.consumer(of: .name("GPIO5")) == nil)
    }
}

import Config
import Engine
import Testing

@Suite("Numeric declarations at start")
struct NumberRefusalTests {
    @Test("a numeric input or signal is refused at start, naming it, before any line is requested")
    func refused() throws {
        var configuration = Fixtures.example
        configuration.commandInputs = [CommandInputDeclaration(
            name: "setpoint", number: NumberCommandDeclaration(initial: 21), location: Fixtures.at(30))]
        configuration.signals.append(SignalDeclaration(
            name: "warm", expression: .threshold("setpoint", ThresholdDeclaration(.above, .number(25))),
            location: Fixtures.at(31)))
        let harness = EngineHarness(configuration)
        let error = try #require(throws: EngineError.self) { try harness.start() }
        #expect(error.kind == .configuration)
        #expect(error.location == Fixtures.at(30))
        #expect(error.description.contains("input 'setpoint': numeric inputs and signals are not run yet"), "\(error)")
        #expect(harness.writes("GPIO5").isEmpty)
        #expect(harness.engine.isRunning == false)

        configuration.commandInputs = []
        let signalOnly = EngineHarness(configuration)
        let signalError = try #require(throws: EngineError.self) { try signalOnly.start() }
        #expect(signalError.location == Fixtures.at(31))
        #expect(signalError.description.contains("signal 'warm': numeric inputs and signals are not run yet"), "\(signalError)")
    }
}

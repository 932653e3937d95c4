import Config
@testable import Engine
import Testing
import Values

/// `unavailable: NAME`: a level on while a number is unavailable, in the same transaction
/// as the number, from start.
@Suite("unavailable: in the graph")
struct UnavailableSignalTests {
    static let config = """
        inputs:
          outside: { thermal: cpu-thermal }   # no reading before its first
          inside:  { command: true, type: number, unit: "°C", initial: 20 }
        signals:
          outside_fault: { unavailable: outside }
          inside_fault:  { unavailable: inside }
          mean_fault:    { unavailable: mean }
          mean:          { mean: [outside, inside] }
          both_fault:    { unavailable: both }
          both:          { sum: [outside, inside] }
        """

    @Test("on from start for a number with no value yet, off for one with a value; it follows each change")
    func follows() throws {
        // mean_fault reads mean, declared after it: the config orders signals by what they read.
        let harness = EngineHarness(try ConfigLoader.parse(Self.config, file: "gpioagg.yaml"))
        try harness.start()
        #expect(harness.signal("outside_fault") == true, "unavailable at start")
        #expect(harness.signal("inside_fault") == false)
        #expect(harness.signal("mean_fault") == false, "a mean of the available operands")
        #expect(harness.signal("both_fault") == true, "a sum needs every operand")
        harness.engine.update(.input("outside"), to: .number(5, "°C"))
        #expect(harness.signal("outside_fault") == false)
        #expect(harness.signal("both_fault") == false)
        harness.engine.update(.input("inside"), to: .unavailable)
        #expect(harness.signal("inside_fault") == true)
        #expect(harness.signal("mean_fault") == false)
        harness.engine.update(.input("outside"), to: .unavailable)
        #expect(harness.signal("mean_fault") == true, "no operand left")
        let why = harness.engine.explain("mean_fault", depth: 0)?.first ?? ""
        #expect(why.contains("unavailable: mean"), "\(why)")
    }

    @Test("check refuses a level, naming what unavailable: watches")
    func refusesLevel() throws {
        let text = """
            inputs:
              door: { command: true }
            signals:
              door_fault: { unavailable: door }
            """
        #expect(throws: ConfigErrors.self) { try ConfigLoader.parse(text, file: "gpioagg.yaml") }
        do {
            _ = try ConfigLoader.parse(text, file: "gpioagg.yaml")
        } catch {
            #expect("\(error)".contains("gpioagg.yaml:4:30: error: 'door' in unavailable: of signal 'door_fault' is a level"),
                    "\(error)")
            #expect("\(error)".contains("unavailable: watches a number"), "\(error)")
        }
    }
}

import Config
import Scenario
import Testing

@Suite("Sensor inputs in test files")
struct SensorScenarioTests {
    static let configuration: Configuration = {
        do {
            return try ConfigLoader.parse("""
                inputs:
                  cpu: { thermal: cpu-thermal, interval: 1s }
                  pressure: { iio: bme280, channel: pressure, unit: hPa, precision: 1 }
                signals:
                  hot: { threshold: cpu, above: 70, fallback: on }

                """, file: "pi.yaml")
        } catch {
            fatalError("the fixture config is invalid: \(error)")
        }
    }()

    @Test("set: on a sensor input is a reading, as on a remote numeric input: any number, or unavailable")
    func setReadings() throws {
        let text = """
            config: pi.yaml
            steps:
              - expect: { cpu: unavailable, pressure: unavailable, hot: on }
              - set: { cpu: 45.5, pressure: 1013.25 }
              - expect: { cpu: 45.5, pressure: 1013.3, hot: off }
              - set: { cpu: 150 }
              - expect: { hot: on }
              - set: { cpu: unavailable }
              - expect: { cpu: unavailable, hot: on }

            """
        let result = ScenarioRunner.run(try ScenarioLoader.parse(text, file: "pi.test.yaml", configuration: Self.configuration))
        #expect(result.failures.map(\.description) == [])
        #expect(result.passed == 9, "each value expected counts")
    }

    @Test("a level for a sensor input is refused where written")
    func levelRefused() {
        let text = "config: pi.yaml\nsteps:\n  - set: { cpu: on }\n"
        do {
            _ = try ScenarioLoader.parse(text, file: "pi.test.yaml", configuration: Self.configuration)
            Issue.record("accepted a level for a sensor input")
        } catch {
            #expect(error.errors.first.map { "\($0.location.line):\($0.location.column)" } == "3:17", "\(error.errors)")
        }
    }
}

import Config
@testable import Engine
import GPIO
import Testing
import Values

/// Sensor inputs in the graph: numeric inputs that start unavailable (or at `initial:`)
/// and take readings through `setNumber`, filters and thresholds on top.
@Suite("Sensor inputs in the graph")
struct SensorInputGraphTests {
    static let config = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          cpu:      { thermal: cpu-thermal, interval: 1s }
          pressure: { iio: bme280, channel: pressure, unit: hPa, initial: 1013.25, precision: 1 }
        signals:
          hot: { threshold: cpu, above: 70, fallback: on }
        outputs:
          fan: { chip: main, line: GPIO5, follows: hot }
        """

    static func running() throws -> EngineHarness {
        let harness = EngineHarness(try ConfigLoader.parse(config, file: "gpioagg.yaml"))
        try harness.start()
        return harness
    }

    @Test("a sensor input starts unavailable unless initial: says, and a threshold on it takes its fallback")
    func startsUnavailable() throws {
        let harness = try Self.running()
        #expect(harness.engine.traits[.input("cpu")]?.form.isNumeric == true)
        #expect(harness.input("cpu") == .unavailable)
        #expect(harness.input("pressure") == .number(1013.25, "hPa"))
        #expect(harness.snapshot.precision(of: "pressure") == 1)
        #expect(harness.signal("hot") == true && harness.level("GPIO5") == true)
    }

    @Test("setNumber sets a reading, in the sensor's unit, outside any limit; unavailable again takes the fallback")
    func takesReadings() throws {
        let harness = try Self.running()
        #expect(harness.engine.setNumber("cpu", to: 45.5, limits: false) == .success(.number(45.5, "°C")))
        #expect(harness.signal("hot") == false && harness.level("GPIO5") == false)
        #expect(harness.engine.setNumber("cpu", to: 82, limits: false) == .success(.number(82, "°C")))
        #expect(harness.signal("hot") == true && harness.level("GPIO5") == true)
        #expect(harness.engine.setNumber("cpu", to: 40, limits: false) == .success(.number(40, "°C")))
        #expect(harness.engine.setNumber("cpu", to: nil, limits: false) == .success(.unavailable))
        #expect(harness.signal("hot") == true, "an unavailable temperature takes the threshold's fallback")
    }

    @Test("a reload keeps a reading of a sensor input declared the same way; a changed one starts over")
    func reload() throws {
        let harness = try Self.running()
        harness.engine.setNumber("cpu", to: 45.5, limits: false)
        harness.engine.setNumber("pressure", to: 990, limits: false)
        let changed = Self.config.replacingOccurrences(of: "precision: 1", with: "precision: 2")
        let next = Engine(configuration: try ConfigLoader.parse(changed, file: "gpioagg.yaml"),
                          backend: harness.simulated, loop: harness.loop)
        try next.start(replacing: harness.engine)
        harness.loop.run()
        #expect(next.snapshot().inputs["cpu"] == .number(45.5, "°C"))
        #expect(next.snapshot().inputs["pressure"] == .number(1013.25, "hPa"), "declared otherwise: its initial again")
        #expect(next.snapshot().signals["hot"] == false)
        next.stop()
    }

    @Test("why names the sensor a sensor input reads and its interval")
    func why() throws {
        let harness = try Self.running()
        harness.engine.setNumber("cpu", to: 45.5, limits: false)
        let lines = try #require(harness.engine.explain("cpu"))
        #expect(lines == ["cpu 45.50 °C: sensor input, thermal cpu-thermal channel temp every 1s; for 0s"])
    }
}

import Config
import SensorsCore
import Testing
import Values

@Suite("Config: sensor inputs")
struct SensorInputConfigTests {
    @Test("the example's inputs read into their sensors, with the default interval, timeout and device class")
    func example() throws {
        let configuration = try ConfigFixture.parse("""
            inputs:
              greenhouse: { w1: 28-0316a2793cff, interval: 30s, device_class: temperature }
              air:        { iio: bme280, channel: temp, interval: 10s }
              humidity:   { iio: bme280, channel: humidityrelative }
              pressure:   { iio: bme280, channel: pressure, unit: hPa }
              light:      { iio: bh1750, channel: illuminance }
              case:       { hwmon: lm75, channel: temp1 }
              cpu:        { thermal: cpu-thermal }

            """)
        #expect(configuration.chips.isEmpty)
        let byName = Dictionary(uniqueKeysWithValues: configuration.sensorInputs.map { ($0.name, $0) })
        #expect(configuration.sensorInputs.map(\.name) == ["greenhouse", "air", "humidity", "pressure", "light", "case", "cpu"])
        #expect(byName["greenhouse"]?.sensor == (try Sensor(device: .w1(id: "28-0316a2793cff"))))
        #expect(byName["greenhouse"]?.interval == .seconds(30))
        #expect(byName["greenhouse"]?.timeout == .seconds(90))
        #expect(byName["air"]?.sensor == (try Sensor(device: .iio(name: "bme280"), channel: "temp")))
        #expect(byName["air"]?.number.unit == "°C")
        #expect(byName["humidity"]?.number.unit == "%")
        #expect(byName["humidity"]?.deviceClass == "humidity")
        #expect(byName["humidity"]?.interval == .seconds(60))
        #expect(byName["humidity"]?.timeout == .seconds(180))
        #expect(byName["pressure"]?.sensor == (try Sensor(device: .iio(name: "bme280"), channel: "pressure", unit: "hPa")))
        #expect(byName["pressure"]?.number.unit == "hPa")
        #expect(byName["pressure"]?.deviceClass == "pressure")
        #expect(byName["light"]?.deviceClass == "illuminance")
        #expect(byName["case"]?.sensor == (try Sensor(device: .hwmon(name: "lm75"), channel: "temp1")))
        #expect(byName["cpu"]?.sensor == (try Sensor(device: .thermal(type: "cpu-thermal"))))
        #expect(byName["cpu"]?.deviceClass == "temperature")
        #expect(byName["cpu"]?.initial == nil)
        #expect(byName["cpu"]?.location == ConfigFixture.location(8, 3))
    }

    @Test("at:, timeout:, initial: and the number keys read into the model")
    func everyKey() throws {
        let configuration = try ConfigFixture.parse("""
            inputs:
              outside: { iio: bme280, at: 1-0077, channel: temp, unit: "°F", interval: 5s, timeout: 1m, initial: 20, precision: 1, filters: [{ median: 3 }], state_class: measurement, device_class: temperature }
              fan: { hwmon: pwmfan, channel: fan1, initial: unavailable }

            """)
        let outside = try #require(configuration.sensorInputs.first)
        #expect(outside.sensor == (try Sensor(device: .iio(name: "bme280", at: "1-0077"), channel: "temp", unit: "°F")))
        #expect(outside.interval == .seconds(5))
        #expect(outside.timeout == .seconds(60))
        #expect(outside.initial == 20)
        #expect(outside.number == NumberDeclaration(unit: "°F", precision: 1, filters: [.median(window: 3)]))
        let fan = try #require(configuration.sensorInputs.last)
        #expect(fan.initial == nil)
        #expect(fan.deviceClass == nil)   // Home Assistant has no class for a rotation
        #expect(fan.number.unit == "RPM")
    }

    @Test("a sensor's unit feeds the unit check of a threshold")
    func unitFeedsThreshold() throws {
        let prefix = """
            inputs:
              pressure: { iio: bme280, channel: pressure, unit: hPa }
              cpu: { thermal: cpu-thermal }
              limit: { command: true, type: number, unit: "°C", initial: 70 }

            """
        _ = try ConfigFixture.parse(prefix + "signals:\n  hot: { threshold: cpu, above: limit }\n")
        ConfigFixture.expectRefused(prefix + "signals:\n  s: { threshold: pressure, above: limit }\n", at: 6, 36,
                                    "the bound 'limit' of signal 's' is in °C, and 'pressure' it is compared with is in hPa",
                                    hint: "a threshold compares numbers of one unit")
    }

    @Test("each refusal names the place and the fix", arguments: [
        ("  t: { iio: bme280, channel: temp, unit: hPa }\n", 2, 42,
         "unit 'hPa' is a pressure unit, and iio bme280 channel temp is a temperature", "write one of °C, K, °F"),
        ("  t: { hwmon: lm75, channel: tmp1 }\n", 2, 30, "hwmon lm75 has no channel 'tmp1'", "docs/SENSORS.md"),
        ("  t: { iio: bme280, hwmon: lm75, channel: temp }\n", 2, 21,
         "input 't' has two sources, iio: and hwmon:", "keep one of iio:, hwmon:"),
        ("  t: { thermal: cpu-thermal, interval: 0s }\n", 2, 40, "interval: in input 't' is zero", ""),
        ("  t: { thermal: cpu-thermal, interval: soon }\n", 2, 40, "'soon' is not a duration (interval: of input 't')", "e.g. 10ms"),
        ("  t: { thermal: cpu-thermal, interval: 10s, timeout: 5s }\n", 2, 54,
         "timeout: in input 't' is shorter than its interval (10s)", "at least one interval"),
        ("  t: { at: 1-0077, channel: temp }\n", 2, 8, "at: in input 't' names no device", "iio: bme280"),
        ("  t: { w1: 28-0316a2793cff, at: 1-0077 }\n", 2, 29, "at: does not apply to w1:", "unique"),
        ("  t: { iio: bme280 }\n", 2, 8, "input 't' needs channel:", "channel: temp"),
        ("  t: { thermal: cpu-thermal, channel: temp2 }\n", 2, 39, "has no channel 'temp2'", "leave channel: out"),
        ("  t: { thermal: cpu-thermal, device_class: motion }\n", 2, 44, "device_class 'motion' of input 't' is not one Home Assistant accepts for a sensor", "temperature"),
        ("  t: { thermal: cpu-thermal, chip: main }\n", 2, 30, "chip: does not apply to a sensor input", ""),
    ])
    func refusals(line: String, row: Int, column: Int, message: String, hint: String) {
        ConfigFixture.expectRefused("inputs:\n" + line, at: row, column, message, hint: hint)
    }

    @Test("check's summary shows each sensor input's source, channel, unit and interval")
    func summary() throws {
        let configuration = try ConfigFixture.parse("""
            inputs:
              pressure: { iio: bme280, at: 1-0077, channel: pressure, unit: hPa, interval: 10s }

            """)
        let lines = ConfigSummary.lines(of: configuration)
        #expect(lines.contains(
            "  pressure  iio bme280 at 1-0077 channel pressure, every 10s, timeout 30s, initial unavailable, unit: hPa"),
                "\(lines)")
        #expect(lines.first?.hasSuffix("1 input, 0 signals, 0 outputs") == true, "\(lines)")
    }
}

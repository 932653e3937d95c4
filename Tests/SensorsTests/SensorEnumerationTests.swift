@testable import Sensors
@testable import SensorsCore
import TestSupport
import Testing
import Values

/// `SensorEnumeration` on fake trees with the kernel's layout: every device of every
/// source, its channels, a read of each, and the config line that reads it.
@Suite("Sensor enumeration")
struct SensorEnumerationTests {
    /// `(source device channel, value or failure, config line)` for each sensor found.
    static func listed(_ tree: FakeSysfs) -> [DetectedSensor] {
        SensorEnumeration(root: tree.root).detect()
    }

    static func value(_ found: DetectedSensor) -> Double? {
        found.value.map { ($0 * 1000).rounded() / 1000 }
    }

    @Test("an IIO device's channels from _input files, in the table's order, other files left out")
    func iioInputChannels() throws {
        let tree = try FakeSysfs()
        try tree.iio(0, name: "bme280", files: [
            "in_temp_input": "21540\n", "in_humidityrelative_input": "45200\n", "in_pressure_input": "101.325\n",
            "in_temp_oversampling_ratio": "2\n", "in_pressure_oversampling_ratio_available": "1 2 4 8 16\n",
            "in_accel_x_raw": "12\n",
        ])
        let found = Self.listed(tree)
        #expect(found.map(\.sensor.channel) == ["temp", "humidityrelative", "pressure"])
        #expect(found.map(Self.value) == [21.54, 45.2, 101.325])
        #expect(found.map(\.sensor.unit) == ["°C", "%", "kPa"])
        #expect(found.map(\.configLine) == [
            "bme280_temp: { iio: bme280, channel: temp }",
            "bme280_humidityrelative: { iio: bme280, channel: humidityrelative }",
            "bme280_pressure: { iio: bme280, channel: pressure }",
        ])
        #expect(found.allSatisfy { $0.at == nil && $0.location == "1-0077" })
    }

    @Test("IIO raw channels: with their own offset and scale, their type's, and a differential pair, by index")
    func iioRawChannels() throws {
        let tree = try FakeSysfs()
        try tree.iio(0, name: "bmp280", at: "1-0076", files: [
            "in_temp_raw": "2000\n", "in_temp_offset": "-500\n", "in_temp_scale": "10.000000\n",
        ])
        try tree.iio(1, name: "ads1015", at: "1-0048", files: [
            "in_voltage0_raw": "1000\n", "in_voltage1_raw": "8\n", "in_voltage0-voltage1_raw": "-20\n",
            "in_voltage_scale": "3.000000\n", "in_voltage1_scale": "1\n", "in_voltage0-voltage1_scale": "0.25\n",
        ])
        let found = Self.listed(tree)
        #expect(found.map(\.sensor.description) == [
            "iio bmp280 channel temp", "iio ads1015 channel voltage0", "iio ads1015 channel voltage0-voltage1",
            "iio ads1015 channel voltage1",
        ])
        #expect(found.map(Self.value) == [15, 3, -0.005, 0.008])
        #expect(found.map(\.configLine) == [
            "bmp280_temp: { iio: bmp280, channel: temp }",
            "ads1015_voltage0: { iio: ads1015, channel: voltage0 }",
            "ads1015_voltage0-voltage1: { iio: ads1015, channel: voltage0-voltage1 }",
            "ads1015_voltage1: { iio: ads1015, channel: voltage1 }",
        ])
    }

    @Test("a hwmon device's inputs of every type the table knows, by index, its other files left out")
    func hwmonChannels() throws {
        let tree = try FakeSysfs()
        try tree.hwmon(0, name: "sensorchip", files: [
            "temp1_input": "45000\n", "temp2_input": "46000\n", "temp10_input": "47000\n", "temp1_max": "80000\n",
            "temp1_label": "CPU\n", "in0_input": "3300\n", "humidity1_input": "55500\n", "fan1_input": "1200\n",
            "power1_input": "2500000\n", "power1_average": "2000000\n", "curr1_input": "1500\n",
            "intrusion0_alarm": "0\n", "pwm1": "128\n",
        ])
        let found = Self.listed(tree)
        #expect(found.map(\.sensor.channel) == ["temp1", "temp2", "temp10", "in0", "humidity1", "fan1", "power1", "curr1"])
        #expect(found.map(Self.value) == [45, 46, 47, 3.3, 55.5, 1200, 2.5, 1.5])
        #expect(found.map(\.sensor.unit) == ["°C", "°C", "°C", "V", "%", "RPM", "W", "A"])
        #expect(found.first?.configLine == "sensorchip_temp1: { hwmon: sensorchip, channel: temp1 }")
    }

    @Test("a thermal zone: its type, its temp, and the input named for what it measures")
    func thermalZone() throws {
        let tree = try FakeSysfs()
        try tree.thermal(0, type: "cpu-thermal", temp: "48312\n")
        try tree.thermal(1, type: "x86_pkg_temp", temp: "51000\n")
        let found = Self.listed(tree)
        #expect(found.map(Self.value) == [48.312, 51])
        #expect(found.map(\.configLine) == ["cpu: { thermal: cpu-thermal }", "x86_pkg_temp: { thermal: x86_pkg_temp }"])
    }

    @Test("1-Wire thermometers by w1_slave or temperature; the bus master and other families left out")
    func w1Slaves() throws {
        let tree = try FakeSysfs()
        try tree.w1("28-0316a2793cff", files: ["w1_slave": FakeSysfs.w1Slave(milliCelsius: 23125)])
        try tree.w1("10-000802b4ad4f", files: ["temperature": "19500\n", "w1_slave": FakeSysfs.w1Slave(milliCelsius: 1)])
        try tree.w1("3a-0000001c2f4b", files: ["state": "\u{0}"])  // a DS2413 switch
        let found = Self.listed(tree)
        #expect(found.map(\.sensor.device) == [.w1(id: "10-000802b4ad4f"), .w1(id: "28-0316a2793cff")])
        #expect(found.map(Self.value) == [19.5, 23.125])
        #expect(found.map(\.configLine) == [
            "ds18s20_000802b4ad4f: { w1: 10-000802b4ad4f }", "ds18b20_0316a2793cff: { w1: 28-0316a2793cff }",
        ])
    }

    @Test("two devices of one name are each pinned by at:, and their inputs' names differ")
    func twoOfOneName() throws {
        let tree = try FakeSysfs()
        try tree.iio(0, name: "bme280", at: "1-0077", files: ["in_temp_input": "20000\n"])
        try tree.iio(1, name: "bme280", at: "1-0076", files: ["in_temp_input": "10000\n"])
        try tree.hwmon(2, name: "lm75", at: "1-0048", files: ["temp1_input": "30000\n"])
        try tree.hwmon(3, name: "lm75", at: "1-0049", files: ["temp1_input": "31000\n"])
        let found = Self.listed(tree)
        #expect(found.map(Self.value) == [20, 10, 30, 31])
        #expect(found.map(\.at) == ["1-0077", "1-0076", "1-0048", "1-0049"])
        #expect(found.map(\.configLine) == [
            "bme280_1-0077_temp: { iio: bme280, at: 1-0077, channel: temp }",
            "bme280_1-0076_temp: { iio: bme280, at: 1-0076, channel: temp }",
            "lm75_1-0048_temp1: { hwmon: lm75, at: 1-0048, channel: temp1 }",
            "lm75_1-0049_temp1: { hwmon: lm75, at: 1-0049, channel: temp1 }",
        ])
    }

    @Test("devices nothing tells apart are listed with the read's failure and no config line")
    func indistinguishable() throws {
        let tree = try FakeSysfs()
        try tree.thermal(0, type: "acpitz", temp: "27800\n")
        try tree.thermal(1, type: "acpitz", temp: "29800\n")
        let found = Self.listed(tree)
        #expect(found.count == 2)
        #expect(found.allSatisfy { $0.configLine == nil })
        #expect(found.allSatisfy { if case .ambiguous? = $0.failure?.cause { true } else { false } })
    }

    @Test("a failing read shows its failure, never a number")
    func failures() throws {
        let tree = try FakeSysfs()
        try tree.w1("28-0316a2793cff", files: ["w1_slave": FakeSysfs.w1Slave(milliCelsius: 23125, crc: false)])
        try tree.thermal(0, type: "cpu-thermal", temp: "nan\n")
        let found = Self.listed(tree)
        #expect(found.map(\.value) == [nil, nil])
        #expect(found.map(\.failure?.cause) == [.unparsable(text: "nan"), .crcMismatch])
        #expect(found.map(\.configLine) == ["cpu: { thermal: cpu-thermal }", "ds18b20_0316a2793cff: { w1: 28-0316a2793cff }"])
    }

    @Test("an empty tree, or a root that is not there, has no sensors")
    func nothing() throws {
        let tree = try FakeSysfs()
        #expect(Self.listed(tree).isEmpty)
        #expect(SensorEnumeration(root: tree.root + "/absent").detect().isEmpty)
    }

    @Test("a simulated board's zones are listed unread, with their config line")
    func simulated() {
        let found = SensorEnumeration.simulated(thermalZones: ["cpu-thermal"])
        #expect(found.map(\.configLine) == ["cpu: { thermal: cpu-thermal }"])
        #expect(found.map(\.outcome) == [nil])
    }

    @Test("suggested names are valid config names, unique, and at most 64 characters", arguments: [
        (SensorDevice.iio(name: "cros-ec-accel"), "temp", "cros-ec-accel_temp"),
        (.iio(name: "10-0077 probe"), "temp", "iio_10-0077_probe_temp"),
        (.hwmon(name: "nct6775.656"), "fan1", "nct6775_656_fan1"),
        (.thermal(type: "-thermal"), "temp", "thermal_-thermal"),
        (.iio(name: String(repeating: "x", count: 80)), "temp", String(repeating: "x", count: 64)),
    ])
    func suggestedNames(device: SensorDevice, channel: String, expected: String) throws {
        let sensor = try Sensor(device: device, channel: channel)
        #expect(SensorConfigLine.suggestedName(for: sensor) == expected)
        #expect(SensorConfigLine.unique(["cpu", "cpu", "cpu"]) == ["cpu", "cpu_2", "cpu_3"])
    }

    @Test("a device name YAML would not read back as itself is quoted")
    func quoted() throws {
        let sensor = try Sensor(device: .iio(name: "adc: 2, \"x\""), channel: "voltage0")
        #expect(SensorConfigLine.line(name: "adc", sensor: sensor)
            == "adc: { iio: \"adc: 2, \\\"x\\\"\", channel: voltage0 }")
    }
}

import Foundation
import TestSupport
import Testing

/// `gpioagg detect`'s sensors: on fake sysfs trees (`--sysfs-root`) with the kernel's
/// layout, and a simulated board's thermal zones.
@Suite("gpioagg detect: sensors", .tags(.binary))
struct DetectSensorsCommandTests {
    /// A tree with one sensor of each source, two BME280 on one bus, and a 1-Wire
    /// thermometer whose read fails its CRC.
    static func tree() throws -> FakeSysfs {
        let tree = try FakeSysfs()
        try tree.iio(0, name: "bme280", at: "1-0077", files: ["in_temp_input": "21540\n", "in_pressure_input": "101.3\n"])
        try tree.iio(1, name: "bme280", at: "1-0076", files: ["in_temp_input": "19000\n"])
        try tree.iio(2, name: "bmp280", at: "1-0075", files: [
            "in_temp_raw": "2000\n", "in_temp_offset": "-500\n", "in_temp_scale": "10.000000\n",
        ])
        try tree.hwmon(0, name: "lm75", files: ["temp1_input": "30500\n", "in0_input": "3300\n", "temp1_max": "80000\n"])
        try tree.thermal(0, type: "cpu-thermal", temp: "48312\n")
        try tree.w1("28-0316a2793cff", files: ["w1_slave": FakeSysfs.w1Slave(milliCelsius: 23250)])
        try tree.w1("28-0000075a1b2c", files: ["w1_slave": FakeSysfs.w1Slave(milliCelsius: 20000, crc: false)])
        return tree
    }

    @Test("the sensors are listed beside the chips, aligned, each with its value and its config line")
    func text() throws {
        let tree = try Self.tree()
        let result = try runProduct("gpioagg", ["detect", "--simulate", "--sysfs-root", tree.root])
        #expect(result.status == 0, "stderr: \(result.errors)")
        #expect(result.lines == [
            "gpiochip0 [pinctrl-bcm2711] (58 lines)",
            "",
            "sensors under \(tree.root):",
            "  iio bme280 at 1-0077  temp         21.54 °C    bme280_1-0077_temp: { iio: bme280, at: 1-0077, channel: temp }",
            "  iio bme280 at 1-0077  pressure     101.30 kPa  bme280_1-0077_pressure: { iio: bme280, at: 1-0077, channel: pressure }",
            "  iio bme280 at 1-0076  temp         19.00 °C    bme280_1-0076_temp: { iio: bme280, at: 1-0076, channel: temp }",
            "  iio bmp280            temp         15.00 °C    bmp280_temp: { iio: bmp280, channel: temp }",
            "  hwmon lm75            temp1        30.50 °C    lm75_temp1: { hwmon: lm75, channel: temp1 }",
            "  hwmon lm75            in0          3.30 V      lm75_in0: { hwmon: lm75, channel: in0 }",
            "  thermal cpu-thermal   temp         48.31 °C    cpu: { thermal: cpu-thermal }",
            "  w1 28-0000075a1b2c    temperature  no value    ds18b20_0000075a1b2c: { w1: 28-0000075a1b2c }",
            "      w1 28-0000075a1b2c: the CRC of \(tree.root)/bus/w1/devices/28-0000075a1b2c/w1_slave says NO "
                + "(a bad read on the bus): the value is not taken",
            "  w1 28-0316a2793cff    temperature  23.25 °C    ds18b20_0316a2793cff: { w1: 28-0316a2793cff }",
        ])
    }

    @Test("--json carries the chips and the sensors, each sensor with every key")
    func json() throws {
        let tree = try Self.tree()
        let result = try runProduct("gpioagg", ["detect", "--simulate", "--sysfs-root", tree.root, "--json"])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let parsed = try JSONSerialization.jsonObject(with: Data(result.lines.joined().utf8)) as? [String: Any]
        let chips = parsed?["chips"] as? [[String: Any]]
        #expect(chips?.map { $0["label"] as? String } == ["pinctrl-bcm2711"])
        let sensors = try #require(parsed?["sensors"] as? [[String: Any]])
        #expect(sensors.count == 9)
        let keys: Set = ["source", "name", "at", "channel", "value", "unit", "failure", "config", "simulated"]
        #expect(sensors.allSatisfy { Set($0.keys) == keys })
        let first = sensors[0]
        #expect(first["source"] as? String == "iio")
        #expect(first["name"] as? String == "bme280")
        #expect(first["at"] as? String == "1-0077")
        #expect(first["channel"] as? String == "temp")
        #expect(first["value"] as? Double == 21.54)
        #expect(first["unit"] as? String == "°C")
        #expect(first["failure"] is NSNull)
        #expect(first["config"] as? String == "bme280_1-0077_temp: { iio: bme280, at: 1-0077, channel: temp }")
        #expect(first["simulated"] as? Bool == false)
        let bmp = sensors[3]
        #expect(bmp["at"] is NSNull)
        #expect(bmp["value"] as? Double == 15)
        let failed = sensors[7]
        #expect(failed["value"] is NSNull)
        #expect((failed["failure"] as? String)?.contains("says NO") == true)
        #expect(failed["config"] as? String == "ds18b20_0000075a1b2c: { w1: 28-0000075a1b2c }")
    }

    @Test("every config line detect prints is accepted by gpioagg check, pasted under inputs: together")
    func configLinesCheck() throws {
        let tree = try Self.tree()
        try tree.iio(3, name: "ads1015", at: "1-0048", files: [
            "in_voltage0_raw": "1000\n", "in_voltage0-voltage1_raw": "-20\n", "in_voltage_scale": "0.125\n",
        ])
        try tree.iio(4, name: "bh1750", at: "1-0023", files: ["in_illuminance_raw": "312\n"])
        try tree.hwmon(1, name: "sht3x", at: "1-0044", files: ["temp1_input": "21000\n", "humidity1_input": "40000\n"])
        try tree.hwmon(2, name: "fanchip", at: "1-002e", files: ["fan1_input": "1200\n", "power1_input": "2500000\n",
                                                                   "curr1_input": "150\n"])
        try tree.thermal(1, type: "x86_pkg_temp", temp: "51000\n")
        try tree.w1("10-000802b4ad4f", files: ["temperature": "19500\n"])
        let detect = try runProduct("gpioagg", ["detect", "--simulate", "--sysfs-root", tree.root, "--json"])
        let parsed = try JSONSerialization.jsonObject(with: Data(detect.lines.joined().utf8)) as? [String: Any]
        let lines = try #require((parsed?["sensors"] as? [[String: Any]])?.compactMap { $0["config"] as? String })
        #expect(lines.count == 19)
        let path = try DaemonTests.write("inputs:\n" + lines.map { "  " + $0 + "\n" }.joined())
        let check = try runProduct("gpioagg", ["check", "--config", path])
        #expect(check.status == 0, "config:\n\(lines.joined(separator: "\n"))\nstderr: \(check.errors)")
        #expect(check.lines.first == "\(path): valid; 0 chips, 19 inputs, 0 signals, 0 outputs")
    }

    @Test("no sensors: said plainly beside the chips")
    func noSensors() throws {
        let tree = try FakeSysfs()
        let result = try runProduct("gpioagg", ["detect", "--simulate", "--sysfs-root", tree.root])
        #expect(result.status == 0, "stderr: \(result.errors)")
        #expect(result.lines == ["gpiochip0 [pinctrl-bcm2711] (58 lines)", "", "no sensors found under \(tree.root)"])
        let json = try runProduct("gpioagg", ["detect", "--simulate", "--sysfs-root", tree.root, "--json"])
        #expect(json.lines.last?.hasSuffix("\"sensors\": []}") == true)
    }

    @Test("--simulate --board shows the board's SoC thermal zone, unread, with its config line",
          arguments: ["pi3", "pi3plus", "pi4", "pi5", "zero2"])
    func simulatedBoard(board: String) throws {
        let result = try runProduct("gpioagg", ["detect", "--simulate", "--board", board])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let sensors = Array(result.lines.drop { !$0.hasPrefix("sensors of the simulated") })
        #expect(sensors.count == 2)
        #expect(sensors.last == "  thermal cpu-thermal  temp  simulated  cpu: { thermal: cpu-thermal }")
        let json = try runProduct("gpioagg", ["detect", "--simulate", "--board", board, "--json"])
        let parsed = try JSONSerialization.jsonObject(with: Data(json.lines.joined().utf8)) as? [String: Any]
        let zone = try #require((parsed?["sensors"] as? [[String: Any]])?.first)
        #expect(zone["source"] as? String == "thermal")
        #expect(zone["name"] as? String == "cpu-thermal")
        #expect(zone["value"] is NSNull)
        #expect(zone["failure"] is NSNull)
        #expect(zone["simulated"] as? Bool == true)
        #expect(zone["config"] as? String == "cpu: { thermal: cpu-thermal }")
    }

    @Test("a --sysfs-root that is not a folder is a usage error, as for run")
    func missingRoot() throws {
        let tree = try FakeSysfs()
        let result = try runProduct("gpioagg", ["detect", "--sysfs-root", tree.root + "/absent"])
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("""
            error: --sysfs-root \(tree.root)/absent: no such folder
            hint: give the folder that holds the tree's bus/, class/ and devices/ folders

            """))
    }
}

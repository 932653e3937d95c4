import Foundation
import Testing

/// Home Assistant's own discovery schemas (homeassistant 2023.12.4) on the golden files,
/// through scripts/ha-validate-discovery. Runs only where its Python environment exists:
/// `scripts/ha-validate-discovery --install` makes it (about a minute, from PyPI).
@Suite("Home Assistant's schemas on the golden files",
       .enabled(if: SchemaValidator.isInstalled,
                """
                no homeassistant 2023.12.4 environment in \(SchemaValidator.environment) \
                (scripts/ha-validate-discovery --install makes one)
                """), .tags(.homeAssistant))
struct HomeAssistantSchemaTests {
    @Test("Home Assistant accepts every golden config, drops no key and changes no value")
    func goldenAccepted() throws {
        let run = try SchemaValidator.run([])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("\(Fixtures.golden.count) of \(Fixtures.golden.count) configs accepted by Home Assistant 2023.12.4"))
    }

    @Test("the check has teeth: a wrong device class, a misspelt key, an abbreviation and a set position without a position are each refused")
    func badConfigsRefused() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("gpioagg-ha-\(UInt32.random(in: 0 ... .max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let golden = try JSONSerialization.jsonObject(
            with: Data(contentsOf: Fixtures.goldenDirectory.appendingPathComponent("binary_sensor_input.json")))
        let base = try #require(golden as? [String: Any])
        let cover = try #require(JSONSerialization.jsonObject(
            with: Data(contentsOf: Fixtures.goldenDirectory.appendingPathComponent("cover_relay.json"))) as? [String: Any])
        let variants: [String: [String: Any]] = [
            "binary_sensor_class.json": base.merging(["device_class": "dor"]) { $1 },
            "cover_class.json": cover.merging(["device_class": "garage_door"]) { $1 },
            "cover_set_position.json": cover.merging(["set_position_topic": "gpioagg/garage/garage_door/position/set"]) { $1 },
            "binary_sensor_typo.json": base.merging(["payload_of": "OFF"]) { $1 },
            "binary_sensor_abbreviation.json": base.merging(["stat_t": "x/y"]) { $1 },
        ]
        for (file, payload) in variants {
            try JSONSerialization.data(withJSONObject: payload).write(to: directory.appendingPathComponent(file))
        }
        let run = try SchemaValidator.run(variants.keys.sorted().map { directory.appendingPathComponent($0).path })
        #expect(run.status == 1)
        #expect(run.output.contains("refused by the binary_sensor discovery schema: expected BinarySensorDeviceClass"))
        #expect(run.output.contains("key 'payload_of' is unknown to Home Assistant 2023.12.4: dropped silently"))
        #expect(run.output.contains("key 'stat_t' is read as the abbreviation of 'state_topic'"))
        #expect(run.output.contains("refused by the cover discovery schema: expected CoverDeviceClass"))
        #expect(run.output.contains("'set_position_topic' must be set together with 'position_topic'"))
        #expect(run.output.contains("0 of 5 configs accepted"))
    }
}

extension HomeAssistantSchemaTests {
    @Test("the check has teeth for PWM outputs: a wrong on_command_type, a speed range upside down and a broken template are each refused")
    func badPWMConfigsRefused() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("gpioagg-ha-pwm-\(UInt32.random(in: 0 ... .max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func golden(_ file: String) throws -> [String: Any] {
            try #require(JSONSerialization.jsonObject(
                with: Data(contentsOf: Fixtures.goldenDirectory.appendingPathComponent(file))) as? [String: Any])
        }
        let light = try golden("light_pwm_output.json")
        let fan = try golden("fan_pwm_output.json")
        let variants: [String: [String: Any]] = [
            "light_on_command.json": light.merging(["on_command_type": "brightnes"]) { $1 },
            "fan_range.json": fan.merging(["speed_range_max": 0]) { $1 },
            "fan_template.json": fan.merging(["percentage_value_template": "{{ value | int "]) { $1 },
        ]
        for (file, payload) in variants {
            try JSONSerialization.data(withJSONObject: payload).write(to: directory.appendingPathComponent(file))
        }
        let run = try SchemaValidator.run(variants.keys.sorted().map { directory.appendingPathComponent($0).path })
        #expect(run.status == 1)
        #expect(run.output.contains("refused by the light discovery schema: value must be one of ['brightness', 'first', 'last']"),
                "\(run.output)")
        #expect(run.output.contains("refused by the fan discovery schema: speed_range_max must be > speed_range_min"))
        #expect(run.output.contains("refused by the fan discovery schema: invalid template"))
        #expect(run.output.contains("0 of 3 configs accepted"))
    }
}

enum SchemaValidator {
    static let script = Fixtures.repositoryRoot.appendingPathComponent("scripts/ha-validate-discovery")

    static var environment: String {
        ProcessInfo.processInfo.environment["GPIOAGG_HA_VENV"]
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/gpioagg/ha-2023.12.4").path
    }

    static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: environment + "/bin/python")
            && FileManager.default.fileExists(atPath: environment + "/bin/hass")
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = script
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}

import Foundation
import Testing

@Suite("gpioagg check", .tags(.binary))
struct CheckCommandTests {
    /// A file in a fresh temporary folder holding `text`; removed by the caller.
    private func temporaryConfig(_ text: String) throws -> (path: String, folder: URL) {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("gpioagg-check-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("gpioagg.yaml")
        try Data(text.utf8).write(to: file)
        return (file.path, folder)
    }

    @Test("a door class on a node whose name says closed is a warning with the fix, once; the config stays valid")
    func closedDoorClassWarns() throws {
        let (path, folder) = try temporaryConfig("""
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              door_closed: { chip: main, line: GPIO17, active: low, bias: pull-up, device_class: door }
              gateShut: { topic: shed/gate, device_class: opening }
              window: { chip: main, line: GPIO22, device_class: window }
            signals:
              front_door: { not: door_closed, device_class: door }
              garage_closed: { all: [door_closed], device_class: garage_door, internal: true }
            mqtt: { broker: mqtt://localhost, node: garage }

            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runProduct("gpioagg", ["check", "--config", path])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let warnings = result.lines.filter { $0.hasPrefix("warning: ") }
        #expect(warnings == [
            "warning: \(path):4:3: 'door_closed' has device_class: door, which Home Assistant shows as open while on; its name says it is on while closed",
            "warning: \(path):5:3: 'gateShut' has device_class: opening, which Home Assistant shows as open while on; its name says it is on while closed",
            "warning: \(path):9:3: 'garage_closed' has device_class: garage_door, which Home Assistant shows as open while on; its name says it is on while closed",
        ])
        #expect(result.lines.contains(
            "hint: show its opposite: keep 'door_closed' without device_class: (and internal: true), and add a signal door_open: { not: door_closed, device_class: door }"))
        #expect(result.lines.filter { $0.hasPrefix("hint: ") }.count == 3)
        #expect(result.lines.contains { $0.hasPrefix("  internal ") && $0.hasSuffix(" garage_closed (no topic, no entity)") },
                "\(result.lines)")
    }

    @Test("a valid config prints the resolved graph and exits 0")
    func validConfig() throws {
        let (path, folder) = try temporaryConfig("""
            chips:
              main: { label: pinctrl-bcm2711 }
              spare: { path: /dev/gpiochip1 }
            inputs:
              door: { chip: main, line: GPIO17, active: low, bias: pull-up, debounce: 10ms }
              window: { chip: main, line: 22, debounce: { mode: lockout, period: 500us } }
            signals:
              alarm: { sample: { value: open, on: window } }
              open: { any: [door, window] }
            outputs:
              siren: { chip: spare, line: 3, follows: alarm, safe: on, drive: open-drain }

            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runProduct("gpioagg", ["check", "--config", path])
        #expect(result.status == 0, "stderr: \(result.errors)")
        #expect(result.errors.isEmpty)
        #expect(result.lines == [
            "\(path): valid; 2 chips, 2 inputs, 2 signals, 1 output",
            "chips:",
            "  main    label pinctrl-bcm2711",
            "  spare   path /dev/gpiochip1",
            "inputs:",
            "  door    chip main, line GPIO17, active low, bias pull-up, debounce stable 10ms",
            "  window  chip main, offset 22, active high, bias as-is, debounce lockout 500us",
            "signals, in dependency order:",
            "  open    any: [door, window]",
            "  alarm   sample: { value: open, on: window }",
            "outputs:",
            "  siren   chip spare, offset 3, follows alarm, initial off, safe on, active high, drive open-drain",
        ])
    }

    @Test("durations print as people write them: 3m, 10m, 1h30m, 1.5s, 250ms")
    func durations() throws {
        let (path, folder) = try temporaryConfig("""
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              motion: { chip: main, line: GPIO17, debounce: 1500us }
              button: { chip: main, line: GPIO27 }
            signals:
              light_on: { any: [motion], off_delay: 3m, on_delay: 1h30m }
              press: { click: button, gap: 250ms, max: 1.5s }
            outputs:
              pump: { chip: main, line: GPIO5, follows: light_on, max_on: 10m }
              buzzer: { chip: main, line: GPIO6, follows: press, pulse: 1m12s }

            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runProduct("gpioagg", ["check", "--config", path])
        #expect(result.status == 0, "stderr: \(result.errors)")
        #expect(result.lines.contains("  motion    chip main, line GPIO17, active high, bias as-is, debounce stable 1.5ms"),
                "\(result.lines)")
        #expect(result.lines.contains("  light_on  any: [motion], on_delay: 1h30m, off_delay: 3m"), "\(result.lines)")
        #expect(result.lines.contains("  press     click: button, max: 1.5s, gap: 250ms"), "\(result.lines)")
        #expect(result.lines.contains(
            "  pump      chip main, line GPIO5, follows light_on, initial off, safe off, active high, drive push-pull, "
                + "max_on 10m"), "\(result.lines)")
        #expect(result.lines.contains(
            "  buzzer    chip main, line GPIO6, follows press, initial off, safe off, active high, drive push-pull, "
                + "pulse 1m12s"), "\(result.lines)")
    }

    @Test("command and remote inputs are listed with the other inputs, and the mqtt section after the outputs")
    func mqttSummary() throws {
        let (path, folder) = try temporaryConfig("""
            chips:
              main: { label: pinctrl-bcm2711 }
            mqtt:
              broker: mqtts://broker.lan
              node: garage
              username: garage
              password_file: /etc/gpioagg/mqtt.password
            inputs:
              door: { chip: main, line: GPIO17 }
              override: { command: true, initial: on, persist: true }
              shed_door: { topic: gpioagg/shed/door_open, payload_on: open, payload_off: closed }
            signals:
              any_door: { any: [door, shed_door, override] }
            outputs:
              lamp: { chip: main, line: GPIO5, follows: any_door }

            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runProduct("gpioagg", ["check", "--config", path])
        #expect(result.status == 0, "stderr: \(result.errors)")
        #expect(result.lines.first == "\(path): valid; 1 chip, 3 inputs, 1 signal, 1 output")
        #expect(Array(result.lines[3...6]) == [
            "inputs:",
            "  door       chip main, line GPIO17, active high, bias as-is, debounce none",
            "  override   command (MQTT /set, gpioagg set), initial on, persist",
            "  shed_door  topic gpioagg/shed/door_open, fallback off, hold 30s, payload_on open, payload_off closed",
        ])
        #expect(Array(result.lines.suffix(4)) == [
            "mqtt:",
            "  broker     mqtts://broker.lan, username garage, password from a file",
            "  topics     gpioagg/garage/NAME, status gpioagg/garage/status",
            "  discovery  Home Assistant under homeassistant/",
        ])
    }

    @Test("sections left out are shown as (none)")
    func emptySections() throws {
        let (path, folder) = try temporaryConfig("chips:\n  c: { name: gpiochip0 }\ninputs:\n  b: { chip: c, line: 4 }\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runProduct("gpioagg", ["check", "--config", path])
        #expect(result.status == 0, "stderr: \(result.errors)")
        #expect(Array(result.lines.suffix(4)) == ["signals, in dependency order:", "  (none)", "outputs:", "  (none)"])
    }

    @Test("the example config checks")
    func exampleConfig() throws {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../config/gpioagg.yaml").standardizedFileURL.path
        let result = try runProduct("gpioagg", ["check", "--config", example])
        #expect(result.status == 0, "stderr: \(result.errors)")
        #expect(result.lines.contains("  all_on     all: [switch1, switch2, switch3]"))
    }

    @Test("a broken config prints every error with its hint on stderr and exits 1")
    func brokenConfig() throws {
        let (path, folder) = try temporaryConfig("""
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              door: { chip: main, line: GPIO17, bias: pullup }
            signals:
              open: { any: [door, windw] }
            outputs:
              siren: { chip: main, line: GPIO17, follows: open }

            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runProduct("gpioagg", ["check", "--config", path])
        #expect(result.status == 1)
        #expect(result.lines.isEmpty)
        #expect(result.errors == """
            \(path):4:43: error: unknown value 'pullup' for bias: in input 'door'
            hint: did you mean 'pull-up'? (bias: is one of as-is, disabled, pull-up, pull-down)
            \(path):6:23: error: unknown name 'windw' in signal 'open'
            hint: inputs and signals: door, open
            \(path):8:30: error: line GPIO17 of chip 'main' is already used by input 'door' (line 4)
            hint: a line can be requested once; pick another line
            gpioagg: 3 errors in \(path)

            """)
    }

    @Test("a missing file is an error naming the path")
    func missingFile() throws {
        let result = try runProduct("gpioagg", ["check", "--config", "/nonexistent/gpioagg.yaml"])
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix(
            "/nonexistent/gpioagg.yaml: error: cannot read the config file: no such file or directory\nhint: "))
    }

    @Test("--config defaults to /etc/gpioagg/gpioagg.yaml")
    func defaultPath() throws {
        let result = try runProduct("gpioagg", ["check", "--help"])
        #expect(result.status == 0)
        #expect(result.lines.joined(separator: "\n").contains("/etc/gpioagg/gpioagg.yaml"))
    }
}

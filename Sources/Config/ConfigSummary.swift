import GPIO
import MQTTCore

/// What `gpioagg check` prints of a valid config: one line per chip (GPIO chips, then PWM
/// controllers), input, signal (in the order they are built), output (lines, then PWM
/// channels) and interlock, then the MQTT settings and the clock (its zone, and when
/// each time signal next changes, from `now`), each
/// value as a config file writes it (`ConfigText`). Each kind's line is written in its
/// folder under `Kinds/` (`ConfigSummary+Covers`, ...); the sections' order is here.
///
/// ```swift
/// ConfigSummary.lines(of: configuration)
/// // ["config/gpioagg.yaml: valid; 1 chip, 3 inputs, 1 signal, 1 output", "chips:", ...]
/// ```
public enum ConfigSummary {
    /// The resolved graph for people: one line per chip, input, signal and output. With
    /// `now` (seconds since the epoch, the machine's clock), the clock's block also says
    /// when each `between:` next starts and ends and each `at:` next fires.
    public static func lines(of configuration: Configuration, now: Int64? = nil) -> [String] {
        let clockShown = showsClock(configuration)
        // The lists are joined step by step, here and below: as one expression each, Swift
        // 6.2's type checker gives up on them.
        var names: [String] = configuration.chips.map(\.name)
        names += configuration.pwmChips.map(\.name)
        names += configuration.allNames
        if configuration.mqtt != nil { names.append("discovery") }
        if clockShown { names += ["place", "trust"] }
        if configuration.web != nil { names.append("controls") }
        let width = names.map(\.count).max() ?? 0
        func row(_ name: String, _ details: String) -> String {
            "  " + name + String(repeating: " ", count: width - name.count + 2) + details
        }
        // A file with PWM outputs alone does not say "0 outputs" before them.
        let pwmOnly = configuration.outputs.isEmpty && !configuration.pwmOutputs.isEmpty
        var counts: [String] = [counted(configuration.chips.count + configuration.pwmChips.count, "chip"),
                                counted(configuration.inputNames.count, "input"),
                                counted(configuration.signals.count, "signal")]
        if !pwmOnly { counts.append(counted(configuration.outputs.count, "output")) }
        if !configuration.pwmOutputs.isEmpty { counts.append(counted(configuration.pwmOutputs.count, "PWM output")) }
        if !configuration.covers.isEmpty { counts.append(counted(configuration.covers.count, "cover")) }
        var lines = ["\(configuration.file): valid; " + counts.joined(separator: ", ")]
        func section(_ title: String, _ rows: [String]) -> [String] {
            [title] + (rows.isEmpty ? ["  (none)"] : rows)
        }
        lines += section("chips:", configuration.chips.map { row($0.name, ConfigText.chip($0.locator)) }
            + configuration.pwmChips.map { row($0.name, ConfigText.pwmChip($0.locator)) })
        let lineInputRows: [String] = configuration.inputs.map { row($0.name, lineInput($0)) }
        let commandInputRows: [String] = configuration.commandInputs.map { row($0.name, commandInput($0)) }
        let remoteInputRows: [String] = configuration.remoteInputs.map { row($0.name, remoteInput($0)) }
        let sensorInputRows: [String] = configuration.sensorInputs.map { row($0.name, sensorInput($0)) }
        lines += section("inputs:", lineInputRows + commandInputRows + remoteInputRows + sensorInputRows)
        lines += section("signals, in dependency order:",
                         configuration.signals.map { row($0.name, ConfigText.signal($0)) })
        lines += section("outputs:", configuration.outputs.map { row($0.name, output($0, in: configuration)) }
            + configuration.pwmOutputs.map { row($0.name, ConfigText.pwmOutput($0)) })
        if !configuration.interlocks.isEmpty {
            lines += section("interlocks:", configuration.interlocks.map { row($0.name, interlock($0)) })
        }
        if !configuration.covers.isEmpty {
            lines += section("covers:", configuration.covers.map { row($0.name, cover($0)) })
        }
        if let mqtt = configuration.mqtt {
            lines += ["mqtt:"] + mqttRows(mqtt, row: row)
            let hidden = configuration.traits.all.filter(\.isInternal).map(\.name)
            if !hidden.isEmpty { lines.append(row("internal", hidden.joined(separator: ", ") + " (no topic, no entity)")) }
        }
        if clockShown {
            lines += ["clock:"] + clockRows(of: configuration, now: now, row: row)
        }
        if let web = configuration.web { lines += ["web:"] + webRows(web, row: row) }
        return lines
    }

    /// `checked against the Raspberry Pi 4 Model B (pi4): ...`: the board, and the
    /// chips it does not have.
    public static func boardLine(_ resolution: BoardResolution) -> String {
        let board = resolution.board
        guard !resolution.addOnChips.isEmpty else {
            return "checked against the \(board.model) (\(board.name)): every chip and line found"
        }
        let names = resolution.addOnChips.map { "'\($0)'" }.joined(separator: ", ")
        return "checked against the \(board.model) (\(board.name)): every line of its chips found; "
            + "\(names) not on the board (add-on\(resolution.addOnChips.count == 1 ? "" : "s"), lines not checked)"
    }

    /// `1 input`, `3 inputs`.
    private static func counted(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}

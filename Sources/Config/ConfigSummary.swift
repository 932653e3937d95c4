import GPIO
import MQTTCore

/// What `gpioagg check` prints of a valid config: one line per chip (GPIO chips, then PWM
/// controllers), input, signal (in the order they are built), output (lines, then PWM
/// channels) and interlock, then the MQTT settings, each
/// value as a config file writes it (`ConfigText`).
///
/// ```swift
/// ConfigSummary.lines(of: configuration)
/// // ["config/gpioagg.yaml: valid; 1 chip, 3 inputs, 1 signal, 1 output", "chips:", ...]
/// ```
public enum ConfigSummary {
    /// The resolved graph for people: one line per chip, input, signal and output.
    public static func lines(of configuration: Configuration) -> [String] {
        let width = (configuration.chips.map(\.name) + configuration.pwmChips.map(\.name) + configuration.allNames
            + (configuration.mqtt == nil ? [] : ["discovery"]))
            .map(\.count).max() ?? 0
        func row(_ name: String, _ details: String) -> String {
            "  " + name + String(repeating: " ", count: width - name.count + 2) + details
        }
        // A file with PWM outputs alone does not say "0 outputs" before them.
        let pwmOnly = configuration.outputs.isEmpty && !configuration.pwmOutputs.isEmpty
        let counts = [counted(configuration.chips.count + configuration.pwmChips.count, "chip"),
                      counted(configuration.inputNames.count, "input"), counted(configuration.signals.count, "signal")]
            + (pwmOnly ? [] : [counted(configuration.outputs.count, "output")])
            + (configuration.pwmOutputs.isEmpty ? [] : [counted(configuration.pwmOutputs.count, "PWM output")])
            + (configuration.covers.isEmpty ? [] : [counted(configuration.covers.count, "cover")])
        var lines = ["\(configuration.file): valid; " + counts.joined(separator: ", ")]
        func section(_ title: String, _ rows: [String]) -> [String] {
            [title] + (rows.isEmpty ? ["  (none)"] : rows)
        }
        lines += section("chips:", configuration.chips.map { row($0.name, ConfigText.chip($0.locator)) }
            + configuration.pwmChips.map { row($0.name, ConfigText.pwmChip($0.locator)) })
        lines += section("inputs:", configuration.inputs.map { input in
            row(input.name, "chip \(input.chip), \(lineText(input.line)), active \(input.activeLow ? "low" : "high"), "
                + "bias \(input.bias.rawValue), debounce \(ConfigText.debounce(input.debounce))")
        } + configuration.commandInputs.map { input in
            if input.momentary { return row(input.name, "pressed (command: press; MQTT /set PRESS, gpioagg set press)") }
            return row(input.name, "command (MQTT /set, gpioagg set), "
                + (input.number.map(numberCommand) ?? "initial \(ConfigText.onOff(input.initial))")
                + (input.persist ? ", persist" : "")
                + (input.number.map { ", " + ConfigText.number($0.number) } ?? ""))
        } + configuration.remoteInputs.map { input in
            let fallback = input.number.map { $0.fallback.map(ConfigText.decimal) ?? "unavailable" }
                ?? ConfigText.onOff(input.fallback)
            return row(input.name, "topic \(input.topic), " + (input.number == nil ? "" : "number, ")
                + "fallback \(fallback), hold \(ReadableDuration.format(input.hold))"
                + (input.payloadOn.map { ", payload_on \($0)" } ?? "")
                + (input.payloadOff.map { ", payload_off \($0)" } ?? "")
                + (input.number.map { ", " + ConfigText.number($0.number) } ?? ""))
        } + configuration.sensorInputs.map { input in
            row(input.name, "\(input.sensor.device) channel \(input.sensor.channel), "
                + "every \(ReadableDuration.format(input.interval)), timeout \(ReadableDuration.format(input.timeout)), "
                + "initial \(input.initial.map(ConfigText.decimal) ?? "unavailable"), " + ConfigText.number(input.number))
        })
        lines += section("signals, in dependency order:",
                         configuration.signals.map { row($0.name, ConfigText.signal($0)) })
        lines += section("outputs:", configuration.outputs.map { output in
            let source = output.follows.map { "follows \($0), " }
                ?? configuration.covers.first { $0.outputs.contains(output.name) }.map { "driven by cover \($0.name), " }
                ?? ""
            return row(output.name, "chip \(output.chip), \(lineText(output.line)), \(source)"
                + (output.command ? "command, " : "")
                + "initial \(output.restore ? "restore" : ConfigText.onOff(output.initial)), "
                + "safe \(ConfigText.onOff(output.safe)), "
                + "active \(output.activeLow ? "low" : "high"), drive \(output.drive.rawValue)"
                + (output.pulse.map { ", pulse \(ConfigText.duration($0))" } ?? "")
                + (output.maxOn.map { ", max_on \(ConfigText.duration($0))" } ?? ""))
        } + configuration.pwmOutputs.map { row($0.name, ConfigText.pwmOutput($0)) })
        if !configuration.interlocks.isEmpty {
            lines += section("interlocks:", configuration.interlocks.map { interlock in
                row(interlock.name, "outputs [\(interlock.outputs.joined(separator: ", "))], "
                    + "wait \(ConfigText.duration(interlock.wait))")
            })
        }
        if !configuration.covers.isEmpty {
            lines += section("covers:", configuration.covers.map { row($0.name, cover($0)) })
        }
        if let mqtt = configuration.mqtt {
            lines += ["mqtt:", row("broker", mqtt.broker.description
                                   + (mqtt.username.map { ", username \($0)" } ?? "")
                                   + (mqtt.passwordFile == nil ? "" : ", password from a file")
                                   + (mqtt.tls == nil ? "" : ", TLS files given")),
                      row("topics", mqtt.topics.stateTopic(of: "NAME") + ", status " + mqtt.topics.statusTopic),
                      row("discovery", mqtt.discovery.map { "Home Assistant under \($0)/" } ?? "off")]
        }
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

    /// `number, initial 21, min 5, max 30, step 0.5, mode slider`: what is given.
    private static func numberCommand(_ number: NumberCommandDeclaration) -> String {
        "number, initial \(ConfigText.decimal(number.initial))"
            + (number.minimum.map { ", min \(ConfigText.decimal($0))" } ?? "")
            + (number.maximum.map { ", max \(ConfigText.decimal($0))" } ?? "")
            + (number.step.map { ", step \(ConfigText.decimal($0))" } ?? "")
            + (number.mode.map { ", mode \($0.rawValue)" } ?? "")
    }

    /// `relay door_relay, closed door_closed, travel 15s, device_class garage`.
    private static func cover(_ cover: CoverDeclaration) -> String {
        var parts: [String]
        switch cover.drive {
        case .relay(let relay): parts = ["relay \(relay)"]
        case .motors(let up, let down, let wait): parts = ["up \(up), down \(down) (interlock wait \(ConfigText.duration(wait)))"]
        }
        parts += cover.closed.map { ["closed \($0)"] } ?? []
        parts += cover.open.map { ["open \($0)"] } ?? []
        parts.append("travel \(ConfigText.duration(cover.travel))")
        if cover.hasPosition { parts.append("position kept") }
        parts += cover.deviceClass.map { ["device_class \($0)"] } ?? []
        parts += cover.displayName.map { ["name \"\($0)\""] } ?? []
        return parts.joined(separator: ", ")
    }

    /// `1 input`, `3 inputs`.
    private static func counted(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    private static func lineText(_ line: LineLocator) -> String {
        switch line {
        case .name(let name): return "line \(name)"
        case .offset(let offset): return "offset \(offset)"
        case .headerPin(let pin):
            return PinHeader.raspberryPi.gpio(ofPin: pin).map { "line PIN\(pin) (GPIO\($0))" } ?? "line PIN\(pin)"
        }
    }
}

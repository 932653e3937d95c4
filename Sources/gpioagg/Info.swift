import CommandParsing
import Control
import GPIO

extension GPIOAgg {
    /// `gpioagg info [CHIP]`: the lines, like `gpioinfo`.
    struct Info: Command {
        static let help = CommandHelp(
            name: "gpioagg info",
            abstract: "List the lines of one chip or of every chip.",
            discussion: """
                For each line: offset, name, consumer (who holds it), direction, \
                active-low, and bias and drive when set. CHIP is a path (/dev/gpiochip0), \
                a name (gpiochip0) or a label (pinctrl-bcm2711).
                """,
            arguments: [ArgumentSpec("chip", help: "The chip: path, name or label. Every chip when left out.",
                                     isOptional: true)],
            options: BackendOptions.options + [.flag("json", help: "Print JSON: one object per chip with its lines.")]
        )

        let chip: String?
        let backend: BackendOptions
        let json: Bool

        init(parsing arguments: ParsedArguments) throws(UsageError) {
            chip = arguments.positional(0)
            backend = try BackendOptions(arguments)
            json = arguments.flag("json")
        }

        func run() throws {
            let report = try backend.withBackend { source throws(GPIOError) in
                var report: [(ChipInfo, [LineInfo])] = []
                let locators: [ChipLocator]
                if let chip {
                    locators = [ChipLocator(chip)]
                } else {
                    locators = try source.chips().map { ChipLocator.path($0.path) }
                }
                for locator in locators {
                    let handle = try source.openChip(locator)
                    defer { handle.close() }
                    report.append((handle.info, try handle.lineInfos()))
                }
                return report
            }
            if json {
                print(JSONValue.array(report.map { chip, lines in
                    .object(JSONObject(["chip": chip.json, "lines": .array(lines.map(\.json))]))
                }).serialized(.spaced))
                return
            }
            if report.isEmpty {
                throw exitReporting(message: "no GPIO chips found (no readable /dev/gpiochip*)", hint: "try --simulate")
            }
            for (chip, lines) in report {
                print("\(chip.name) [\(chip.label)] - \(chip.lineCount) lines:")
                for line in lines { print(line.table) }
            }
        }
    }
}

extension LineInfo {
    /// `gpioinfo`'s layout: offset, quoted name or unnamed, quoted consumer or unused,
    /// direction, active state, then attributes.
    var table: String {
        let offsetText = String(offset)
        let nameText = name.isEmpty ? "unnamed" : "\"\(name)\""
        let consumerText = used ? (consumer.isEmpty ? "kernel" : "\"\(consumer)\"") : "unused"
        var attributes: [String] = []
        if bias != .asIs { attributes.append("bias=\(bias.rawValue)") }
        if direction == .output, drive != .pushPull { attributes.append("drive=\(drive.rawValue)") }
        if debounce > .zero { attributes.append("debounce=\(debounce)") }
        if used { attributes.append("[used]") }
        return "\tline " + String(repeating: " ", count: max(0, 3 - offsetText.count)) + offsetText + ": "
            + pad(nameText, 16) + " " + pad(consumerText, 16) + " "
            + pad(direction.rawValue, 6) + " " + (activeLow ? "active-low " : "active-high")
            + (attributes.isEmpty ? "" : " " + attributes.joined(separator: " "))
    }

    /// One element of a chip's `"lines"` in `info --json`.
    var json: JSONValue {
        .object(JSONObject([
            "offset": .number(Double(offset)), "name": .string(name), "consumer": .string(consumer),
            "used": .bool(used), "direction": .string(direction.rawValue), "active_low": .bool(activeLow),
            "bias": .string(bias.rawValue), "drive": .string(drive.rawValue),
        ]))
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

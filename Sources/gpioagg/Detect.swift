import CommandParsing
import Control
import GPIO

extension GPIOAgg {
    /// `gpioagg detect`: the chips, like `gpiodetect`.
    struct Detect: Command {
        static let help = CommandHelp(
            name: "gpioagg detect",
            abstract: "List the GPIO chips: name, label and number of lines.",
            discussion: """
                Name a chip in a config file by its label (stable across kernels and \
                boards), its name (gpiochip0) or its path (/dev/gpiochip0).
                """,
            options: BackendOptions.options + [
                .flag("json", help: "Print JSON: [{\"name\": ..., \"path\": ..., \"label\": ..., \"lines\": N}]."),
            ]
        )

        let backend: BackendOptions
        let json: Bool

        init(parsing arguments: ParsedArguments) throws(UsageError) {
            backend = try BackendOptions(arguments)
            json = arguments.flag("json")
        }

        func run() throws {
            let chips: [ChipInfo]
            do throws(GPIOError) {
                chips = try backend.makeBackend().chips()
            } catch {
                throw exitReporting(error)
            }
            if json {
                print(JSONValue.array(chips.map(\.json)).serialized(.spaced))
                return
            }
            if chips.isEmpty {
                throw exitReporting(message: "no GPIO chips found (no readable /dev/gpiochip*)", hint: "try --simulate")
            }
            for chip in chips {
                print("\(chip.name) [\(chip.label)] (\(chip.lineCount) lines)")
            }
        }
    }
}

extension ChipInfo {
    /// `{"name": ..., "path": ..., "label": ..., "lines": N}`.
    var json: JSONValue {
        .object(JSONObject([
            "name": .string(name), "path": .string(path), "label": .string(label), "lines": .number(Double(lineCount)),
        ]))
    }
}

@preconcurrency import Glibc
import CommandParsing
import Control
import Detection
import GPIO
import PWM
import Sensors

extension GPIOAgg {
    /// `gpioagg detect`: the chips, like `gpiodetect`, the PWM controllers with their
    /// exported channels, and the sensors under `/sys` with the config line that reads each.
    struct Detect: Command {
        static let help = CommandHelp(
            name: "gpioagg detect",
            abstract: "List the GPIO chips (name, label, lines), the PWM controllers and the sensors, with the config line for each sensor.",
            discussion: """
                Name a chip in a config file by its label (stable across kernels and \
                boards), its name (gpiochip0) or its path (/dev/gpiochip0).

                PWM controllers (/sys/class/pwm): each pwmchipN with its device name \
                (fe20c000.pwm: name a controller by it, as pwmchipN numbers change between \
                kernels), its channels, the header GPIOs a Raspberry Pi routes them to, and \
                each exported channel's frequency, duty cycle, polarity and enable. Under \
                --simulate they are the simulated board's, not read.

                Sensors: each IIO device's channels, each hwmon device's inputs, each \
                thermal zone and each 1-Wire thermometer under /sys, each read once with its \
                value and unit (or why a read gave none), and the input that reads it, to \
                paste under inputs: in a config. A 1-Wire thermometer's read takes its \
                conversion, up to 750 ms. Under --simulate the sensors are the simulated \
                board's thermal zones, not read.
                """,
            options: BackendOptions.options + [
                SysfsRoot.option(
                    help: "Read the sensors and PWM controllers under this folder, laid out as /sys is (also under --simulate).",
                    defaultValue: "/sys"),
                .flag("json", help: "Print JSON: {\"chips\": [{\"name\", \"path\", \"label\", \"lines\"}...], "
                    + "\"pwm\": [{\"name\", \"device\", \"channels\", \"exported\": [{\"channel\", \"period\", "
                    + "\"duty_cycle\", \"polarity\", \"enabled\", \"failure\"}...], \"simulated\"}...], "
                    + "\"sensors\": [{\"source\", \"name\", \"at\", \"channel\", \"value\", \"unit\", \"failure\", "
                    + "\"config\", \"simulated\"}...]}."),
            ]
        )

        let backend: BackendOptions
        let json: Bool
        /// The folder `--sysfs-root` gives; nil for `/sys`, or for a simulated board's zones.
        let sysfsRoot: String?

        init(parsing arguments: ParsedArguments) throws(UsageError) {
            backend = try BackendOptions(arguments)
            json = arguments.flag("json")
            sysfsRoot = try SysfsRoot.parse(arguments)
        }

        func run() throws {
            let chips = try backend.withBackend { source throws(GPIOError) in try source.chips() }
            let pwm = detectPWM()
            let sensors = detectSensors()
            if json {
                let object = JSONObject([
                    "chips": .array(chips.map(\.json)),
                    "pwm": pwm.json,
                    "sensors": .array(sensors.found.map(\.json)),
                ])
                print(JSONValue.object(object).serialized(.spaced))
                return
            }
            if chips.isEmpty, sensors.found.isEmpty, pwm.controllers.isEmpty {
                throw exitReporting(message: "no GPIO chips found (no readable /dev/gpiochip*) and no sensors found under \(sensors.root)",
                                    hint: "try --simulate")
            }
            if chips.isEmpty { print("no GPIO chips found (no readable /dev/gpiochip*)") }
            for chip in chips {
                print("\(chip.name) [\(chip.label)] (\(chip.lineCount) lines)")
            }
            print("")
            if !pwm.lines.isEmpty {
                for line in pwm.lines { print(line) }
                print("")
            }
            for line in sensors.lines { print(line) }
        }

        /// The PWM controllers under the sysfs root; or, under `--simulate` without
        /// `--sysfs-root`, the simulated board's (a Pi 4's when no board is named).
        private func detectPWM() -> PWMSection {
            if backend.simulate, sysfsRoot == nil {
                return PWMSection.simulated(board: backend.board ?? BoardProfile.pi4)
            }
            return PWMSection.read(root: sysfsRoot ?? "/sys")
        }

        /// The sensors under the sysfs root, read; or, under `--simulate` without
        /// `--sysfs-root`, the simulated board's thermal zones (a Pi 4's when no board is
        /// named, as the simulated header is a Pi 4's).
        private func detectSensors() -> SensorSection {
            if backend.simulate, sysfsRoot == nil {
                let board = backend.board ?? BoardProfile.pi4
                return SensorSection(found: SensorEnumeration.simulated(thermalZones: board.thermalZones),
                                     root: "/sys", simulatedBoard: board)
            }
            let enumeration = SensorEnumeration(root: sysfsRoot ?? "/sys")
            return SensorSection(found: enumeration.detect(), root: enumeration.root, simulatedBoard: nil)
        }
    }
}

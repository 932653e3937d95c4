import CommandParsing
import GPIO
import GPIOLibgpiod
import GPIOSimulated
import LoopEmbedded

/// `--simulate`, shared by every command that touches GPIO lines.
struct BackendOptions {
    static let options: [OptionSpec] = [
        .flag("simulate", help: "Use simulated GPIO chips instead of the kernel's (a Raspberry Pi 4 header: "
            + "gpiochip0, label pinctrl-bcm2711)."),
    ]

    let simulate: Bool

    init(_ arguments: ParsedArguments) {
        simulate = arguments.flag("simulate")
    }

    func makeBackend() -> any GPIOBackend {
        simulate ? SimulatedBackend.raspberryPi(clock: EmbeddedEventLoop()) : LibgpiodBackend()
    }
}

/// Prints an error the way every command does (message, then hint) and exits 1.
func exitReporting(message: String, hint: String) -> ExitCode {
    printError("gpioagg: error: \(message)")
    if !hint.isEmpty { printError("hint: \(hint)") }
    return ExitCode(1)
}

func exitReporting(_ error: GPIOError) -> ExitCode {
    exitReporting(message: error.message, hint: error.hint)
}

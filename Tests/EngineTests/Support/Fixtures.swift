import Config
import GPIO

/// Configurations built as the parser would build them, with source locations in a
/// pretend `gpioagg.yaml`.
enum Fixtures {
    static let file = "gpioagg.yaml"

    static func at(_ line: Int, _ column: Int = 3) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    static let mainChip = ChipDeclaration(name: "main", locator: .label("pinctrl-bcm2711"), location: at(8))

    /// `config/gpioagg.yaml`: three switches to ground (active low, pull-up, 10 ms
    /// debounce), and `ready_led`, on only while all three are on.
    static var example: Configuration {
        let debounce = Debounce(.stable, period: .milliseconds(10))
        return Configuration(
            chips: [mainChip],
            inputs: [
                InputDeclaration(name: "switch1", chip: "main", line: .name("GPIO17"), activeLow: true,
                                 bias: .pullUp, debounce: debounce, location: at(11)),
                InputDeclaration(name: "switch2", chip: "main", line: .name("GPIO27"), activeLow: true,
                                 bias: .pullUp, debounce: debounce, location: at(12)),
                InputDeclaration(name: "switch3", chip: "main", line: .offset(22), activeLow: true,
                                 bias: .pullUp, debounce: debounce, location: at(13)),
            ],
            signals: [
                SignalDeclaration(name: "all_on", expression: .all(["switch1", "switch2", "switch3"]),
                                  location: at(16)),
            ],
            outputs: [
                OutputDeclaration(name: "ready_led", chip: "main", line: .name("GPIO5"), follows: "all_on",
                                  initial: false, safe: false, location: at(19)),
            ],
            file: file)
    }

    /// Active-high inputs `a`, `b`, `c` on GPIO2, GPIO3, GPIO4 (pulled down, so they
    /// start off), no debounce.
    static func plainInputs(_ names: [String] = ["a", "b", "c"], firstLine: Int = 2) -> [InputDeclaration] {
        names.enumerated().map { index, name in
            InputDeclaration(name: name, chip: "main", line: .name("GPIO\(firstLine + index)"), bias: .pullDown,
                             location: at(10 + index))
        }
    }

    /// `plainInputs`, one signal `s` of `expression`, and `led` (GPIO5) following it.
    static func signal(_ expression: SignalExpression) -> Configuration {
        Configuration(
            chips: [mainChip],
            inputs: plainInputs(),
            signals: [SignalDeclaration(name: "s", expression: expression, location: at(20))],
            outputs: [OutputDeclaration(name: "led", chip: "main", line: .name("GPIO5"), follows: "s",
                                        location: at(30))],
            file: file)
    }
}

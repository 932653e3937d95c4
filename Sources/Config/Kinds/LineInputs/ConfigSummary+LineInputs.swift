import GPIO

/// A line input in `gpioagg check`.
extension ConfigSummary {
    /// `chip main, line GPIO17, active low, bias pull-up, debounce stable 10ms`.
    static func lineInput(_ input: InputDeclaration) -> String {
        "chip \(input.chip), \(lineText(input.line)), active \(input.activeLow ? "low" : "high"), "
            + "bias \(input.bias.rawValue), debounce \(ConfigText.debounce(input.debounce))"
    }

    /// `line GPIO17`, `offset 17`, `line PIN11 (GPIO17)`: also an output's line.
    static func lineText(_ line: LineLocator) -> String {
        switch line {
        case .name(let name): return "line \(name)"
        case .offset(let offset): return "offset \(offset)"
        case .headerPin(let pin):
            return PinHeader.raspberryPi.gpio(ofPin: pin).map { "line PIN\(pin) (GPIO\($0))" } ?? "line PIN\(pin)"
        }
    }
}

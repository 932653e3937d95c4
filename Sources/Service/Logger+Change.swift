import Engine
import Logging

extension Logger {
    /// One entry per change: `input switch1 on`, `output ready_led off (safe state)`,
    /// `input greenhouse 27.50 °C`, with the change as metadata (`gpio_kind`,
    /// `gpio_name`, `gpio_value`, `gpio_cause`, a number's `gpio_unit`, and for inputs
    /// and outputs `gpio_chip` and `gpio_line`), which the journal keeps as fields
    /// (`GPIO_NAME=ready_led`, `GPIO_VALUE=27.50`, `GPIO_UNIT=°C`).
    func change(_ change: EngineChange, file: String = #fileID, function: String = #function, line: UInt = #line) {
        let value = change.valueWord
        var metadata: Logger.Metadata = [
            "gpio_kind": "\(change.kind.rawValue)", "gpio_name": "\(change.name)", "gpio_value": "\(value)",
            "gpio_cause": "\(change.cause.rawValue)",
        ]
        if let unit = change.value.unit, !unit.isNone { metadata["gpio_unit"] = "\(unit.symbol)" }
        if let chip = change.chip { metadata["gpio_chip"] = "\(chip)" }
        switch change.line {
        case .name(let name)?: metadata["gpio_line"] = "\(name)"
        case .offset(let offset)?: metadata["gpio_line"] = "\(offset)"
        case .headerPin(let pin)?: metadata["gpio_line"] = "PIN\(pin)"
        case nil: break
        }
        let note = change.cause == .change ? "" : " (\(change.cause.rawValue))"
        let shown = change.isActivation ? value : change.value.text(precision: change.precision)
        info("\(change.kind.rawValue) \(change.name) \(shown)\(note)", metadata: metadata,
             file: file, function: function, line: line)
    }
}

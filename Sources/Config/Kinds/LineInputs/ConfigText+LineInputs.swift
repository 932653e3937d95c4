import GPIO

/// A line input's line and debounce as a config file writes them.
extension ConfigText {
    /// `GPIO17` (a line name), `17` (an offset) or `PIN11` (a header pin).
    public static func line(_ locator: LineLocator) -> String {
        switch locator {
        case .name(let name): return name
        case .offset(let offset): return String(offset)
        case .headerPin(let pin): return "PIN\(pin)"
        }
    }

    /// `none`, or the mode and the period: `stable 10ms`.
    public static func debounce(_ debounce: Debounce) -> String {
        debounce.isNone ? "none" : "\(debounce.mode.rawValue) \(duration(debounce.period))"
    }
}

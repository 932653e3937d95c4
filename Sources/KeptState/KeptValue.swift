/// One kept value: on or off and, for an output that is on, when it went on, so that its
/// `max_on` counts the time it was on before a restart.
///
/// A boolean literal is a value without a time: `[lamp: true]`.
///
/// ```swift
/// writer.record(pump, KeptValue(true, onSince: clock.now()))
/// let wasOn = writer.values[pump]?.isOn ?? false
/// ```
public struct KeptValue: Hashable, Sendable, ExpressibleByBooleanLiteral, CustomStringConvertible {
    public var isOn: Bool
    /// When the output went on; nil when off, or when no time was kept.
    public var onSince: BootInstant?

    public init(_ isOn: Bool, onSince: BootInstant? = nil) {
        self.isOn = isOn
        self.onSince = isOn ? onSince : nil
    }

    public init(booleanLiteral isOn: Bool) {
        self.init(isOn)
    }

    /// `on`, `off`, `on since BOOT_ID NANOSECONDS`: as in the state file.
    public var description: String {
        guard isOn else { return "off" }
        return onSince.map { "on since \($0.bootID) \($0.nanoseconds)" } ?? "on"
    }
}

/// The unit a number is measured in, as people write it: `°C`, `%`, `hPa`, `L/min`,
/// `kWh`. A number never travels without one; `none` is the unit of a plain count or
/// ratio.
///
/// Two units are the same only when written the same: the configuration's checker
/// refuses to combine `°C` with `K`, or `L` with `l`, and names both. Converting between
/// units of one quantity is the business of whatever reads the number (a kernel
/// sensor's table, `unit:` on it), not of the graph.
///
/// ```swift
/// let celsius: MeasurementUnit = "°C"
/// celsius.symbol          // "°C"
/// MeasurementUnit.none.isNone   // true
/// ```
public struct MeasurementUnit: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The unit as written; empty for `none`.
    public var symbol: String

    public init(_ symbol: String) {
        self.symbol = symbol
    }

    public init(stringLiteral symbol: String) {
        self.symbol = symbol
    }

    /// No unit.
    public static let none = MeasurementUnit("")

    public var isNone: Bool { symbol.isEmpty }

    /// The symbol, or `no unit` for a message.
    public var description: String { isNone ? "no unit" : symbol }
}

/// `type: number` on a remote input: the payload is a decimal number (`DecimalText`),
/// and `fallback:` is a number or unavailable.
///
/// ```swift
/// // outside: { topic: weather/outside/temperature, type: number, unit: "°C" }
/// NumberRemoteDeclaration(fallback: nil, number: NumberDeclaration(unit: "°C"))
/// ```
public struct NumberRemoteDeclaration: Hashable, Sendable {
    /// The value until the first payload and after `hold`; nil: unavailable.
    public var fallback: Double?
    public var number: NumberDeclaration

    public init(fallback: Double? = nil, number: NumberDeclaration = NumberDeclaration()) {
        self.fallback = fallback
        self.number = number
    }
}

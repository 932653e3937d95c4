/// How many days of a year the sun does not pass a height at a place: days it stays
/// above (the event has no instant; "day" fills the date) and days it stays below
/// ("day" has no length). Both zero for every place between the polar circles at the
/// sunrise height; `gpioagg check` warns when either is not.
public struct PolarDays: Hashable, Sendable {
    public let sunStaysAbove: Int
    public let sunStaysBelow: Int

    public init(sunStaysAbove: Int, sunStaysBelow: Int) {
        self.sunStaysAbove = sunStaysAbove
        self.sunStaysBelow = sunStaysBelow
    }

    /// Whether the sun passes the height every day of the year.
    public var isEmpty: Bool { sunStaysAbove == 0 && sunStaysBelow == 0 }
}

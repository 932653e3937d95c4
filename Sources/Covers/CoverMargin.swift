/// How long past `travel` a move may take before it is called a fault: a tenth of the
/// travel, and at least a second (an opener that starts slowly, a door that is a little
/// slower in the cold).
public enum CoverMargin {
    public static let minimum: UInt64 = 1_000_000_000

    /// The margin for a cover whose full move takes `travel` nanoseconds.
    public static func margin(travel: UInt64) -> UInt64 {
        max(travel / 10, minimum)
    }
}

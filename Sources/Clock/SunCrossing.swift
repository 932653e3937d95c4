/// When the sun passes a height on a given day: at an instant, or not at all because it
/// stays above the height all day (midsummer near the poles) or below it (midwinter).
public enum SunCrossing: Hashable, Sendable {
    /// Seconds since the epoch, UTC.
    case at(Int64)
    case staysAbove
    case staysBelow
}

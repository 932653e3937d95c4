/// The wall clock as the loop reads it (nanoseconds since the Unix epoch,
/// `EventLoop.wallClockNow`) and as this module reckons it (whole seconds).
///
/// ```swift
/// WallTime.seconds(1_782_076_800_500_000_000)   // 1_782_076_800
/// WallTime.seconds(-1)                          // -1: the second before the epoch
/// ```
public enum WallTime {
    /// The whole second `nanoseconds` falls in: floored, so that an instant before 1970
    /// falls in the second before it, as for any other instant.
    public static func seconds(_ nanoseconds: Int64) -> Int64 {
        nanoseconds >= 0 ? nanoseconds / 1_000_000_000 : -((-nanoseconds + 999_999_999) / 1_000_000_000)
    }
}

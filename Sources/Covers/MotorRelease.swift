/// When a cover's motor was last released, and which one: the other motor may start
/// only the interlock's `wait` after it, whatever asks (a stop then the other way, a
/// position behind, a reload in between).
public struct MotorRelease: Hashable, Sendable {
    /// The motor released: `up` or `down`.
    public var direction: MotorDrive
    /// When, in nanoseconds on the loop's clock.
    public var at: UInt64

    public init(direction: MotorDrive, at: UInt64) {
        self.direction = direction
        self.at = at
    }
}

/// One line of one chip, whatever a configuration calls the chip: the chip's device
/// path and the line's offset. What two configurations compare to tell whether they
/// use the same line, and what a reload hands over by.
///
/// ```swift
/// let line = LineID(chip: "/dev/gpiochip0", offset: 17)
/// print(line)   // "/dev/gpiochip0 line 17"
/// ```
public struct LineID: Hashable, Sendable, CustomStringConvertible {
    /// The chip's device path (`ChipInfo.path`).
    public var chip: String
    public var offset: UInt32

    public init(chip: String, offset: UInt32) {
        self.chip = chip
        self.offset = offset
    }

    public var description: String { "\(chip) line \(offset)" }
}

import GPIO

/// A configuration's chips and lines, found on a board's profile: what
/// `gpioagg check --board` confirms before any hardware is at hand.
///
/// ```swift
/// let resolution = try configuration.resolved(on: .pi4)
/// resolution.lines["door"]     // gpiochip0 [pinctrl-bcm2711], offset 17, 'GPIO17'
/// resolution.addOnChips        // ["expander"]: not the board's, lines not checked
/// ```
public struct BoardResolution: Hashable, Sendable {
    /// One input's or output's line on the board.
    public struct Line: Hashable, Sendable {
        public var chip: ChipInfo
        public var offset: UInt32
        /// Empty when the line has no name.
        public var name: String
    }

    public var board: BoardProfile
    /// The board's chip each chip declaration names, by declaration name.
    public var chips: [String: ChipInfo]
    /// Chip declarations the board does not have (an expander, a HAT's chip), in
    /// declaration order: their lines are only checked on the hardware.
    public var addOnChips: [String]
    /// The line of each input and output on a chip of the board, by declaration name.
    public var lines: [String: Line]
}

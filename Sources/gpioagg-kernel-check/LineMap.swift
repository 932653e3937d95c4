/// What each line of the simulated chip is for. Every check uses its own lines, so a
/// check that fails half-way (and leaves a line requested) cannot upset the next one.
enum LineMap {
    static let switch1: UInt32 = 0
    static let switch2: UInt32 = 1
    static let edgeA: UInt32 = 2
    static let edgeB: UInt32 = 3
    static let activeLow: UInt32 = 4
    static let pullUp: UInt32 = 5
    static let pullDown: UInt32 = 6
    static let debounced: UInt32 = 7
    static let led1: UInt32 = 8
    static let led2: UInt32 = 9
    static let ledInverted: UInt32 = 10
    static let busy: UInt32 = 11
    static let burst: UInt32 = 12
    static let spare: UInt32 = 13
    static let openDrain: UInt32 = 14
    static let outlivesChip: UInt32 = 15
    /// Lines 16 and 17 stay unnamed: line info must report them with empty names.
    static let unnamed: UInt32 = 16
    static let lineCount = 18

    static let names: [UInt32: String] = [
        switch1: "switch1", switch2: "switch2", edgeA: "edge-a", edgeB: "edge-b",
        activeLow: "active-low", pullUp: "bias-up", pullDown: "bias-down",
        debounced: "bouncy", led1: "led1", led2: "led2", ledInverted: "led-inverted",
        busy: "contested", burst: "burst", spare: "spare", openDrain: "open-drain",
        outlivesChip: "outlives-chip",
    ]
}

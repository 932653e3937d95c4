/// One edge on an input line, as the kernel reported it.
///
/// `timestamp` is the kernel's `CLOCK_MONOTONIC` time in nanoseconds (the simulated
/// backend uses its own clock). The sequence numbers are the kernel's (libgpiod v2):
/// `globalSequence` counts events across the request, `lineSequence` per line, both from
/// 1; both are 0 when the backend does not number events (libgpiod v1).
public struct EdgeEvent: Hashable, Sendable {
    public var offset: UInt32
    public var edge: Edge
    public var timestamp: UInt64
    public var globalSequence: UInt64
    public var lineSequence: UInt64

    public init(offset: UInt32, edge: Edge, timestamp: UInt64, globalSequence: UInt64 = 0,
                lineSequence: UInt64 = 0) {
        self.offset = offset
        self.edge = edge
        self.timestamp = timestamp
        self.globalSequence = globalSequence
        self.lineSequence = lineSequence
    }
}

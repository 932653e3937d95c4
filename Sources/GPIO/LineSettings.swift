/// Whether a line is read or driven.
public enum Direction: String, Hashable, Sendable {
    case input
    case output
}

/// The pull a line's requester asks for. `.asIs` leaves whatever the hardware or the
/// device tree set.
public enum Bias: String, Hashable, Sendable, CaseIterable {
    case asIs = "as-is"
    case disabled
    case pullUp = "pull-up"
    case pullDown = "pull-down"
}

/// How an output drives its line.
public enum Drive: String, Hashable, Sendable, CaseIterable {
    case pushPull = "push-pull"
    case openDrain = "open-drain"
    case openSource = "open-source"
}

/// A logical edge: `.rising` is a change from inactive to active. With `activeLow` the
/// kernel already inverts both the level and the edge.
public enum Edge: String, Hashable, Sendable {
    case rising
    case falling

    /// The logical level the line has after this edge.
    public var level: Bool { self == .rising }
}

/// One input line of a request. Values and edges are logical: with `activeLow`, a line
/// pulled to ground reads `true`.
public struct InputLineConfig: Hashable, Sendable {
    public var offset: UInt32
    public var activeLow: Bool
    public var bias: Bias
    /// Kernel debounce period (libgpiod v2). Zero for none. Backends that cannot debounce
    /// in the kernel report so through `InputRequest.debouncesInKernel`, and the
    /// `InputTracker` debounces in software on the kernel's timestamps instead.
    public var debounce: Duration

    public init(offset: UInt32, activeLow: Bool = false, bias: Bias = .asIs,
                debounce: Duration = .zero) {
        self.offset = offset
        self.activeLow = activeLow
        self.bias = bias
        self.debounce = debounce
    }
}

/// One output line of a request, driven to `initial` as soon as it is requested.
public struct OutputLineConfig: Hashable, Sendable {
    public var offset: UInt32
    public var activeLow: Bool
    public var drive: Drive
    public var bias: Bias
    public var initial: Bool

    public init(offset: UInt32, activeLow: Bool = false, drive: Drive = .pushPull,
                bias: Bias = .asIs, initial: Bool = false) {
        self.offset = offset
        self.activeLow = activeLow
        self.drive = drive
        self.bias = bias
        self.initial = initial
    }
}

extension Duration {
    /// Whole microseconds, rounded down, clamped to `0...UInt32.max` (the kernel's range).
    public var wholeMicroseconds: UInt32 {
        let (seconds, attoseconds) = components
        if seconds < 0 || (seconds == 0 && attoseconds <= 0) { return 0 }
        let micros = seconds.multipliedReportingOverflow(by: 1_000_000)
        if micros.overflow { return .max }
        let total = micros.partialValue + attoseconds / 1_000_000_000_000
        return total > Int64(UInt32.max) ? .max : UInt32(total)
    }
}

import Config

/// `NAME: { count: 120, every: 2s, length: 1s }` in a `pulses:` step: the input pressed
/// `count` times, one press starting every `every`, each held for `length` (half of
/// `every` when not given).
public struct PulseTrain: Hashable, Sendable {
    public var name: String
    public var count: Int
    public var every: Duration
    public var length: Duration
    public var location: SourceLocation

    /// The most presses one train makes: a day of pulses every 100 ms.
    public static let maximumCount = 1_000_000
    /// The longest train: a year of virtual time.
    public static let longest = Duration.seconds(366 * 86_400)

    public init(_ name: String, count: Int, every: Duration, length: Duration? = nil, at location: SourceLocation) {
        self.name = name
        self.count = count
        self.every = every
        self.length = length ?? every / 2
        self.location = location
    }

    /// How long the train takes: it ends with the last release, `count - 1` times
    /// `every` and a `length` after it starts.
    public var duration: Duration { every * (count - 1) + length }
}

/// `moving_average: N`: the mean of the last N values, one value out for each value in
/// from the first on (the first comes out as is, then the mean of two, and so on until
/// the window is full). ESPHome's `sliding_window_moving_average`.
///
/// ESPHome's defaults send one value every 15 (`window_size: 15`, `send_every: 15`). A
/// daemon that reports on change sends each: holding values back would delay every
/// change by up to N readings and tie the rate of what is published to the rate of the
/// sensor; a `throttle` or `delta` after it thins the stream where that is wanted.
///
/// Unavailable passes through and empties the window: the mean after a gap is taken
/// over readings from after it only.
///
/// ```swift
/// var average = try MovingAverageFilter(2)
/// average.receive(20, at: 0)   // 20
/// average.receive(21, at: 1)   // 20.5
/// average.receive(23, at: 2)   // 22
/// ```
public struct MovingAverageFilter: NumberFilterStage {
    private var window: SlidingWindow

    /// Throws when `size` is below 1.
    public init(_ size: Int) throws(NumbersError) {
        guard size >= 1 else { throw .windowSize("moving_average", size) }
        window = SlidingWindow(capacity: size)
    }

    public mutating func receive(_ value: Double?, at now: UInt64) -> FilterOutput {
        guard let value else {
            window.removeAll()
            return FilterOutput(.value(nil))
        }
        window.append(value)
        return FilterOutput(.value(window.mean))
    }
}

/// `median: N`: the median of the last N values (the mean of the middle two when there
/// is an even number of them), one value out for each value in from the first on: the
/// first value comes out as is, the second as the mean of two, and so on until the
/// window is full.
///
/// ESPHome's `median` defaults to sending one value every 5 (`send_every`), after a
/// first one at once. A daemon that reports on change sends each: holding values back
/// would delay every change by up to N readings and tie the rate of what is published
/// to the rate of the sensor; a `throttle` or `delta` after it thins the stream where
/// that is wanted.
///
/// Unavailable passes through and empties the window: readings from before a gap do not
/// outvote the first ones after it.
///
/// ```swift
/// var median = try MedianFilter(3)
/// median.receive(20, at: 0)      // 20
/// median.receive(90, at: 1)      // 55
/// median.receive(21, at: 2)      // 21: the spike is outvoted
/// ```
public struct MedianFilter: NumberFilterStage {
    private var window: SlidingWindow
    /// The window's values in order, kept sorted as values come and go: inserting and
    /// removing in place costs N moves and no allocation, where sorting a copy per value
    /// would allocate.
    private var sorted: [Double]

    /// Throws when `size` is below 1.
    public init(_ size: Int) throws(NumbersError) {
        guard size >= 1 else { throw .windowSize("median", size) }
        window = SlidingWindow(capacity: size)
        sorted = []
        sorted.reserveCapacity(size)
    }

    public mutating func receive(_ value: Double?, at now: UInt64) -> FilterOutput {
        guard let value else {
            window.removeAll()
            sorted.removeAll(keepingCapacity: true)
            return FilterOutput(.value(nil))
        }
        if let pushedOut = window.append(value) {
            sorted.remove(at: sortedIndex(of: pushedOut))
        }
        sorted.insert(value, at: sortedIndex(of: value))
        let middle = sorted.count / 2
        guard sorted.count % 2 == 0 else { return FilterOutput(.value(sorted[middle])) }
        let (low, high) = (sorted[middle - 1], sorted[middle])
        // Halves added when the sum is past what a Double holds: the mean of two finite
        // numbers is one.
        let sum = low + high
        return FilterOutput(.value(sum.isFinite ? sum / 2 : low / 2 + high / 2))
    }

    /// The first index whose value is not below `value` (binary search).
    private func sortedIndex(of value: Double) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

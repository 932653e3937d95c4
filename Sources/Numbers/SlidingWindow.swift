/// The last `capacity` values, oldest first, in a ring buffer allocated once: a value in
/// overwrites the oldest without moving the others, and nothing is allocated per value.
///
/// ```swift
/// var window = SlidingWindow(capacity: 2)
/// window.append(1); window.append(2)
/// window.append(3)     // returns 1, the value it pushed out
/// window.sum           // 5
/// ```
public struct SlidingWindow: Sendable {
    public let capacity: Int
    private var storage: [Double]
    /// Where the oldest value is, once the buffer has wrapped.
    private var oldest = 0
    public private(set) var count = 0

    /// `capacity` must be 1 or more (the filters check their `N`).
    public init(capacity: Int) {
        precondition(capacity > 0, "a window holds at least one value")
        self.capacity = capacity
        storage = Array(repeating: 0, count: capacity)
    }

    public var isEmpty: Bool { count == 0 }

    /// Adds `value`; returns the oldest value when the window was full and pushed it out.
    @discardableResult
    public mutating func append(_ value: Double) -> Double? {
        guard count == capacity else {
            storage[(oldest + count) % capacity] = value
            count += 1
            return nil
        }
        let pushedOut = storage[oldest]
        storage[oldest] = value
        oldest = (oldest + 1) % capacity
        return pushedOut
    }

    /// Empties the window, keeping its storage.
    public mutating func removeAll() {
        oldest = 0
        count = 0
    }

    /// The sum of the values, oldest first, added afresh each time: a running total would
    /// carry the rounding of every value that has ever passed.
    public var sum: Double {
        var total = 0.0
        for offset in 0..<count { total += storage[(oldest + offset) % capacity] }
        return total
    }

    /// The mean of the values (0 when there are none). A mean of finite numbers is one,
    /// between the least and the greatest, even when their sum is past what a `Double`
    /// holds (1.7e308 and 1.6e308 have the mean 1.65e308): each value's share is added
    /// then.
    public var mean: Double {
        guard count > 0 else { return 0 }
        let divisor = Double(count)
        var least = Double.infinity
        var greatest = -Double.infinity
        for offset in 0..<count {
            let value = storage[(oldest + offset) % capacity]
            least = Swift.min(least, value)
            greatest = Swift.max(greatest, value)
        }
        var mean = sum / divisor
        if !mean.isFinite {
            mean = 0
            for offset in 0..<count { mean += storage[(oldest + offset) % capacity] / divisor }
        }
        return Swift.min(Swift.max(mean, least), greatest)
    }
}

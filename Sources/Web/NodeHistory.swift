import JSON
import Values

/// One node's recent past, bounded, for the page: its last 32 changes (any node), and for
/// a number its curve: every change of the last ten minutes (at most 600, the oldest
/// dropped) and, before that, the last value of each minute back to the `history:`
/// window (`minuteCapacity` of them).
///
/// ```swift
/// var history = NodeHistory(isNumber: true, minuteCapacity: 1440)
/// history.record(at: 1_000, value: .number(21.5, "°C"), precision: 1)
/// history.points(now: 2_000, window: .seconds(86_400))   // [(1000, 21.5)]
/// ```
struct NodeHistory {
    /// A change as the page reads it: when, and the value as `GET /api/status` encodes it.
    struct Change {
        var time: Int64
        var value: NodeValue
        var precision: Int
    }

    /// A number at a time; nil while it was unavailable.
    struct Point: Equatable {
        var time: Int64
        var value: Double?
    }

    static let changeCapacity = 32
    /// Changes kept at full rate: those of the last `recentSpan`, at most this many.
    static let recentCapacity = 600
    static let recentSpan: Int64 = 10 * 60 * 1000
    static let minute: Int64 = 60 * 1000

    private(set) var changes = BoundedRing<Change>(capacity: changeCapacity)
    private var recent: BoundedRing<Point>?
    private var minutes: BoundedRing<Point>?

    init(isNumber: Bool, minuteCapacity: Int) {
        if isNumber {
            recent = BoundedRing(capacity: Self.recentCapacity)
            minutes = BoundedRing(capacity: max(1, minuteCapacity))
        }
    }

    /// The minutes a window holds: one point each.
    static func minuteCapacity(of window: Duration) -> Int {
        max(1, Int((window.components.seconds + 59) / 60))
    }

    mutating func record(at time: Int64, value: NodeValue, precision: Int) {
        changes.append(Change(time: time, value: value, precision: precision))
        guard recent != nil else { return }
        let point = Point(time: time, value: value.numberValue)
        recent?.append(point)
        // The minute's last value: a change in the same minute as the newest point
        // replaces it.
        if let newest = minutes?.last, newest.time / Self.minute == time / Self.minute {
            minutes?.replaceLast(with: point)
        } else {
            minutes?.append(point)
        }
    }

    /// The curve over `window` before `now`, oldest first: a point a minute up to ten
    /// minutes before `now`, then every change since; nil for a node that is not a number.
    func points(now: Int64, window: Duration) -> [Point]? {
        guard let recent, let minutes else { return nil }
        let cutoff = now - Self.recentSpan
        let since = now - Int64(window.components.seconds) * 1000
        let recentPoints = recent.elements.filter { $0.time >= cutoff }
        // Minutes up to the first change kept at full rate, so that the two never overlap
        // (600 changes within ten minutes drop the oldest of them).
        let end = min(cutoff, recentPoints.first?.time ?? cutoff)
        return minutes.elements.filter { $0.time >= since && $0.time < end } + recentPoints
    }
}

extension NodeValue {
    /// The number, or nil (unavailable, a level, a cover).
    var numberValue: Double? {
        if case .number(let number, _) = self { return number }
        return nil
    }
}

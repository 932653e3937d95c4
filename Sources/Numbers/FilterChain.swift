import Values

/// A node's `filters:`, applied in order: each value that one filter sends on goes into
/// the next, and what the last sends is the node's value. A state machine like each of
/// its filters: the engine hands it values and fires its deadline (the earliest of its
/// filters') on the loop's timers, a test on explicit times.
///
/// A filter that fires sends its value through the filters after it only: a heartbeat
/// before a `delta` is still thinned by the delta, a `timeout` after a `median` sends
/// unavailable without going through the median.
///
/// What a filter computes that is not a finite number (`multiply: 10` of 1.7e308) goes on
/// as unavailable, and `overflow` says why: nothing after it sees `inf` or `nan`.
///
/// ```swift
/// var chain = try FilterChain([.offset(-0.4), .heartbeat(nanoseconds: 60_000_000_000)])
/// chain.receive(21.9, at: 0)                  // 21.5, deadline 60 s
/// chain.deadlineFired(at: 60_000_000_000)     // [21.5], deadline 120 s
/// ```
public struct FilterChain: Sendable {
    private var stages: [any NumberFilterStage]
    /// Why the last value sent is unavailable, when a filter's result was not a finite
    /// number; nil when it is a number, or unavailable for another reason.
    public private(set) var overflow: NumberOverflow?

    /// The chain of `filters`, in order. Throws the first filter that cannot be built.
    public init(_ filters: [NumberFilter]) throws(NumbersError) {
        var stages: [any NumberFilterStage] = []
        for filter in filters { stages.append(try filter.makeStage()) }
        self.init(stages: stages)
    }

    public init(stages: [any NumberFilterStage]) {
        self.stages = stages
    }

    /// The earliest deadline any filter waits for; nil when none does.
    public var deadline: UInt64? {
        var earliest: UInt64?
        for stage in stages {
            if let deadline = stage.deadline, deadline < earliest ?? .max { earliest = deadline }
        }
        return earliest
    }

    /// A new value (nil: unavailable) at `now`: what the chain sends, and its deadline.
    public mutating func receive(_ value: Double?, at now: UInt64) -> FilterOutput {
        FilterOutput(pass(value, from: 0, at: now), deadline: deadline)
    }

    /// The loop's clock reached `now`: every filter whose deadline is due fires, in the
    /// chain's order, and what it sends goes through the filters after it.
    public mutating func deadlineFired(at now: UInt64) -> FilterChainFiring {
        var sent: [Double?] = []
        for index in stages.indices {
            guard let due = stages[index].deadline, due <= now,
                  case .value(let value) = stages[index].deadlineFired(at: now).emission,
                  case .value(let out) = pass(value, from: index + 1, at: now) else { continue }
            sent.append(out)
        }
        return FilterChainFiring(sent: sent, deadline: deadline)
    }

    /// `value` through the filters from `first` on: what comes out of the last, or
    /// nothing when one of them keeps it.
    private mutating func pass(_ value: Double?, from first: Int, at now: UInt64) -> FilterEmission {
        var current = value
        var overflow: NumberOverflow?
        for index in first..<stages.count {
            guard case .value(let next) = stages[index].receive(current, at: now).emission else { return .nothing }
            if let next, !next.isFinite {
                overflow = NumberOverflow(Self.computation(of: stages[index], from: current, index: index))
                current = nil
            } else {
                current = next
                if next != nil { overflow = nil }
            }
        }
        self.overflow = current == nil ? overflow : nil
        return .value(current)
    }

    /// What `stage` computed from `value`, in numbers where it is a pointwise filter.
    private static func computation(of stage: any NumberFilterStage, from value: Double?, index: Int) -> String {
        let shown = value.map(DecimalText.shortest) ?? "unavailable"
        if let pointwise = stage as? any PointwiseFilter, let value { return pointwise.computation(of: value) }
        return "filter \(index + 1) of \(shown)"
    }
}

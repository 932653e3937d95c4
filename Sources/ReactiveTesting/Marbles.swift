import Reactive

/// What a publisher did, and when (virtual nanoseconds).
public struct TimedEvent<Value, Failure: Error>: CustomStringConvertible {
    public enum Event {
        case value(Value)
        case finished
        case failure(Failure)
    }

    public var time: Int64
    public var event: Event

    public init(_ time: Int64, _ event: Event) {
        self.time = time
        self.event = event
    }

    public var description: String {
        switch event {
        case .value(let value): return "\(time / 1_000_000)ms: \(value)"
        case .finished: return "\(time / 1_000_000)ms: |"
        case .failure(let error): return "\(time / 1_000_000)ms: #\(error)"
        }
    }
}

extension TimedEvent: Equatable where Value: Equatable, Failure: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.time == rhs.time else { return false }
        switch (lhs.event, rhs.event) {
        case let (.value(a), .value(b)): return a == b
        case (.finished, .finished): return true
        case let (.failure(a), .failure(b)): return a == b
        default: return false
        }
    }
}

/// Marble diagrams: one character per frame of virtual time.
///
/// - `-` a frame with no event
/// - `|` the publisher finishes
/// - `#` the publisher fails (with the `error` given)
/// - `(ab)` events at the same frame; the group takes one frame
/// - any other character: a value, looked up in `values`
/// - spaces are ignored (use them to line diagrams up)
///
/// ```swift
/// Marbles.parse("-a-b-|", values: ["a": 1, "b": 2])
/// // [1ms: 1, 3ms: 2, 5ms: |] with the default 1 ms frame
/// ```
public enum Marbles {
    /// The default length of one frame: one virtual millisecond.
    public static let frame = VirtualTimeScheduler.SchedulerTimeType.Stride.milliseconds(1)

    public static func parse<Value, Failure: Error>(
        _ diagram: String,
        values: [Character: Value],
        error: Failure? = nil,
        frame: VirtualTimeScheduler.SchedulerTimeType.Stride = Marbles.frame
    ) -> [TimedEvent<Value, Failure>] {
        var events: [TimedEvent<Value, Failure>] = []
        var index: Int64 = 0
        var inGroup = false
        for character in diagram where character != " " {
            let time = index * frame.nanoseconds
            switch character {
            case "-": break
            case "(": inGroup = true; continue
            case ")": inGroup = false
            case "|": events.append(TimedEvent(time, .finished))
            case "#":
                guard let error else { preconditionFailure("marble '#' in \"\(diagram)\" needs an error") }
                events.append(TimedEvent(time, .failure(error)))
            default:
                guard let value = values[character] else {
                    preconditionFailure("marble '\(character)' in \"\(diagram)\" has no value")
                }
                events.append(TimedEvent(time, .value(value)))
            }
            if !inGroup { index += 1 }
        }
        return events
    }

    /// Values named by their own character, as one-character strings.
    public static func parse<Failure: Error>(
        _ diagram: String,
        error: Failure? = nil,
        frame: VirtualTimeScheduler.SchedulerTimeType.Stride = Marbles.frame
    ) -> [TimedEvent<String, Failure>] {
        let names = diagram.filter { !"-|#() ".contains($0) }
        let values = Dictionary(names.map { ($0, String($0)) }, uniquingKeysWith: { a, _ in a })
        return parse(diagram, values: values, error: error, frame: frame)
    }
}

extension VirtualTimeScheduler {
    /// A hot publisher that emits the diagram's events at their frames as the clock
    /// advances, to whoever is subscribed at that moment.
    public func hot<Value, Failure: Error>(
        _ diagram: String,
        values: [Character: Value],
        error: Failure? = nil,
        frame: SchedulerTimeType.Stride = Marbles.frame
    ) -> AnyPublisher<Value, Failure> {
        let subject = PassthroughSubject<Value, Failure>()
        let start = now
        for event in Marbles.parse(diagram, values: values, error: error, frame: frame) {
            schedule(after: start.advanced(by: .nanoseconds(Int(event.time)))) {
                switch event.event {
                case .value(let value): subject.send(value)
                case .finished: subject.send(completion: .finished)
                case .failure(let error): subject.send(completion: .failure(error))
                }
            }
        }
        return subject.eraseToAnyPublisher()
    }

    /// A hot publisher whose values are the diagram's own characters, as strings.
    public func hot<Failure: Error>(
        _ diagram: String,
        error: Failure? = nil,
        frame: SchedulerTimeType.Stride = Marbles.frame
    ) -> AnyPublisher<String, Failure> {
        let names = diagram.filter { !"-|#() ".contains($0) }
        let values = Dictionary(names.map { ($0, String($0)) }, uniquingKeysWith: { a, _ in a })
        return hot(diagram, values: values, error: error, frame: frame)
    }
}

/// What `Outbox.takeNext` moved out.
@usableFromInline
enum OutboxNext { case nothing, value, completion }

/// Values and a completion an operator has decided to send downstream, waiting to be
/// delivered outside the operator's lock, in the order they were decided.
///
/// Once a completion is queued the outbox takes nothing more, so a terminated operator
/// cannot emit by accident.
///
/// Values usually arrive through type-erased Combine plumbing, where this code runs
/// unspecialised, and there every generic type derived from `Output` (an optional, an
/// enum holding it, a queue of those) costs a runtime metadata look-up each time it is
/// touched. So the outbox is a class (its metadata comes with the instance), and the
/// common case, one value in and one value out, moves a single value through `head`.
/// An enum of events in a generic ring buffer cost a dozen look-ups per value.
///
/// Not thread-safe: its owner guards it with the owner's lock.
@usableFromInline
final class Outbox<Output, Failure: Error> {
    /// The oldest waiting value, when `hasHead`.
    @usableFromInline let head: UnsafeMutablePointer<Output>
    @usableFromInline @exclusivity(unchecked) var hasHead = false
    /// Values after `head`, oldest first, from `tailStart`.
    @usableFromInline @exclusivity(unchecked) var tail: [Output] = []
    @usableFromInline @exclusivity(unchecked) var tailStart = 0
    /// The completion, after every value, when `hasCompletion`.
    @usableFromInline let completion: UnsafeMutablePointer<Subscribers.Completion<Failure>>
    @usableFromInline @exclusivity(unchecked) var hasCompletion = false
    @usableFromInline @exclusivity(unchecked) var isTerminated = false

    @inlinable
    init() {
        head = .allocate(capacity: 1)
        completion = .allocate(capacity: 1)
    }

    @inlinable
    deinit {
        discard()
        head.deallocate()
        completion.deallocate()
    }

    @inlinable
    var isEmpty: Bool { !hasHead && !hasCompletion }

    @inlinable
    func send(_ value: Output) {
        guard !isTerminated else { return }
        if hasHead {
            tail.append(value)
        } else {
            head.initialize(to: value)
            hasHead = true
        }
    }

    @inlinable
    func finish(_ completion: Subscribers.Completion<Failure> = .finished) {
        guard !isTerminated else { return }
        isTerminated = true
        self.completion.initialize(to: completion)
        hasCompletion = true
    }

    /// Drops whatever waits and refuses anything further (the downstream cancelled).
    @inlinable
    func discard() {
        isTerminated = true
        if hasHead {
            head.deinitialize(count: 1)
            hasHead = false
        }
        tail = []
        tailStart = 0
        if hasCompletion {
            completion.deinitialize(count: 1)
            hasCompletion = false
        }
    }

    /// Moves the oldest event into `value` or `completion` (uninitialised memory).
    @inlinable
    func takeNext(value: UnsafeMutablePointer<Output>,
                           completion: UnsafeMutablePointer<Subscribers.Completion<Failure>>) -> OutboxNext {
        if hasHead {
            value.moveInitialize(from: head, count: 1)
            if tailStart < tail.count {
                head.initialize(to: tail[tailStart])
                tailStart += 1
                if tailStart == tail.count {
                    tail.removeAll(keepingCapacity: true)
                    tailStart = 0
                }
            } else {
                hasHead = false
            }
            return .value
        }
        if hasCompletion {
            completion.moveInitialize(from: self.completion, count: 1)
            hasCompletion = false
            return .completion
        }
        return .nothing
    }
}

import Locks
#if !canImport(Darwin)
import Synchronization
#endif

/// What an `AnyConsumer` holds: the owner's `receiveValue`, if any, and the pipelines
/// built on the owning `@Input`.
///
/// The two halves have different rules, and so different costs:
/// - `receiveValue` is fixed when the consumer is made and called straight from `send`:
///   no lock, no subscription. Sends into one consumer are serial when they come from
///   one `bind(to:)` (Combine calls a subscriber serially), which is the consumer's
///   usual feed and the engine's only one.
/// - pipelines come and go from any thread (subscribe, request, cancel), so their list
///   and their demand are guarded by `lock` (one for the relay and all its pipelines:
///   a value into one pipeline takes it twice, to admit the value and to settle the
///   demand it returns), and each pipeline serialises its own delivery. A consumer with
///   no pipeline skips all of that: `pipelineCount` is read without the lock.
///
/// Everything is `@inlinable`, so that a consumer of a concrete type runs specialised
/// code end to end (OpenCombine's `PassthroughSubject`, which this replaces, runs as
/// unspecialised generic code and takes three locks per value and pipeline).
@usableFromInline
final class ConsumerRelay<Input> {
    @usableFromInline let receiveValue: ((Input) -> Void)?
    /// Guards `pipelines` and the state of every pipeline in it.
    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var pipelines: ContiguousArray<ConsumerPipeline<Input>> = []
    #if !canImport(Darwin)
    /// `pipelines.count`, written under `lock`, read without it by `send`.
    @usableFromInline let pipelineCount = Atomic<Int>(0)
    #endif

    @inlinable
    init(receiveValue: ((Input) -> Void)?) {
        self.receiveValue = receiveValue
    }

    @inlinable @inline(__always)
    func send(_ value: Input) {
        receiveValue?(value)
        guard hasPipelines else { return }
        lock.lock()
        if pipelines.count == 1 {
            // The usual case: one pipeline, one lock taken to admit the value.
            let pipeline = pipelines[0]
            let admitted = pipeline.admitLocked(value)
            lock.unlock()
            if let admitted { pipeline.run(value, admitted) }
            return
        }
        let current = pipelines
        lock.unlock()
        for pipeline in current { pipeline.offer(value) }
    }

    /// Whether any pipeline is subscribed. A pipeline subscribing on another thread
    /// while a send runs may or may not get that value, as with any subject; one that
    /// subscribed before the send (on this thread, or ordered before it) gets it.
    @inlinable @inline(__always)
    var hasPipelines: Bool {
        #if canImport(Darwin)
        // `Atomic` needs macOS 15; the package supports macOS 13.
        lock.lock()
        defer { lock.unlock() }
        return !pipelines.isEmpty
        #else
        return pipelineCount.load(ordering: .acquiring) > 0
        #endif
    }

    /// Adds a pipeline ending in `subscriber`, then hands it its subscription.
    @inlinable
    func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Never {
        // The closure is made here, where `S` is concrete: delivery runs specialised code.
        let pipeline = ConsumerPipeline(relay: self) { subscriber.receive($0) }
        lock.lock()
        pipelines.append(pipeline)
        storeCountLocked()
        lock.unlock()
        pipeline.handOver(to: subscriber)
    }

    /// Call with `lock` held: a pipeline cancelled. Returns it, to be let go of after
    /// unlocking.
    @inlinable
    func removeLocked(_ pipeline: ConsumerPipeline<Input>) -> ConsumerPipeline<Input>? {
        guard let index = pipelines.firstIndex(where: { $0 === pipeline }) else { return nil }
        defer { storeCountLocked() }
        return pipelines.remove(at: index)
    }

    @inlinable @inline(__always)
    func storeCountLocked() {
        #if !canImport(Darwin)
        pipelineCount.store(pipelines.count, ordering: .releasing)
        #endif
    }
}

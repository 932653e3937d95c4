/// A FIFO queue with amortised O(1) `append` and `popFirst`: zip's per-upstream buffers
/// and merge's order of waiting values.
///
/// An empty buffer owns no storage, so a hundred thousand idle buffers cost only their
/// struct headers.
@usableFromInline
struct RingBuffer<Element> {
    @usableFromInline
    var storage: ContiguousArray<Element?> = []
    @usableFromInline
    var head = 0
    @usableFromInline
    var count = 0

    @inlinable
    init() {}

    @inlinable
    var isEmpty: Bool { count == 0 }

    @inlinable
    mutating func append(_ element: Element) {
        if count == storage.count { grow() }
        storage[(head &+ count) & (storage.count &- 1)] = element
        count &+= 1
    }

    @inlinable
    mutating func popFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = storage[head].take()
        head = (head &+ 1) & (storage.count &- 1)
        count &-= 1
        return element
    }

    @inlinable
    mutating func grow() {
        let capacity = Swift.max(4, storage.count * 2)  // always a power of two
        var bigger = ContiguousArray<Element?>(repeating: nil, count: capacity)
        for offset in 0..<count {
            bigger[offset] = storage[(head + offset) & (storage.count - 1)].take()
        }
        storage = bigger
        head = 0
    }
}

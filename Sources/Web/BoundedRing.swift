/// The last `capacity` elements appended, oldest first: each append past the capacity
/// drops the oldest. Its storage grows as elements come, up to the capacity and no
/// further, so that a ring that holds few costs little and a full one its capacity.
///
/// ```swift
/// var ring = BoundedRing<Int>(capacity: 2)
/// ring.append(1); ring.append(2); ring.append(3)
/// Array(ring.elements)    // [2, 3]
/// ```
struct BoundedRing<Element> {
    let capacity: Int
    private var storage: [Element] = []
    /// Where the oldest element is, once the storage is full.
    private var start = 0

    init(capacity: Int) {
        precondition(capacity > 0, "a ring holds at least one element")
        self.capacity = capacity
    }

    var count: Int { storage.count }
    /// The elements its storage has room for.
    var storageCapacity: Int { storage.capacity }
    var isEmpty: Bool { storage.isEmpty }

    mutating func append(_ element: Element) {
        if storage.count < capacity {
            // Grown by doubling up to the capacity exactly, never past it as an array's
            // own growth would.
            if storage.count == storage.capacity {
                storage.reserveCapacity(min(capacity, max(8, storage.count * 2)))
            }
            storage.append(element)
        } else {
            storage[start] = element
            start = (start + 1) % capacity
        }
    }

    /// The newest element.
    var last: Element? {
        guard !storage.isEmpty else { return nil }
        return storage[(start + storage.count - 1) % storage.count]
    }

    /// Replaces the newest element; appends when there is none.
    mutating func replaceLast(with element: Element) {
        guard !storage.isEmpty else { return append(element) }
        storage[(start + storage.count - 1) % storage.count] = element
    }

    /// Oldest first.
    var elements: [Element] {
        Array(storage[start...] + storage[..<start])
    }

    mutating func removeAll() {
        storage = []
        start = 0
    }
}

extension BoundedRing: Sendable where Element: Sendable {}

@testable import Config
import Testing

@Suite("Signal dependency order and cycles")
struct SignalOrderTests {
    @Test("dependencies come first; otherwise source order is kept")
    func order() {
        let result = SignalOrder.resolve(dependencies: [[2], [], [1], []])
        #expect(result.order == [1, 2, 0, 3])
        #expect(result.cycles.isEmpty)
    }

    @Test("each tangle is one cycle, named from where it was entered")
    func cycles() {
        let result = SignalOrder.resolve(dependencies: [[1], [2], [0, 1], [3], []])
        #expect(result.cycles == [[0, 1, 2], [3]])
        #expect(Set(result.order) == Set(0..<5))
    }

    @Test("a chain of 100,000 signals does not exhaust the stack")
    func longChain() {
        let count = 100_000
        let dependencies = (0..<count).map { $0 + 1 < count ? [$0 + 1] : [] }
        let result = SignalOrder.resolve(dependencies: dependencies)
        #expect(result.order.first == count - 1)
        #expect(result.order.last == 0)
    }
}

import Numbers
import Testing
import Values

@Suite("Numbers as node values")
struct NodeValueReadingTests {
    @Test("a number takes the node's unit; nil is unavailable, and back")
    func reading() {
        #expect(NodeValue(reading: 21.5, unit: "°C") == .number(21.5, "°C"))
        #expect(NodeValue(reading: nil, unit: "°C") == .unavailable)
        #expect(NodeValue(reading: Aggregate.sum.value(of: [1, 2]), unit: .none).number == 3)
        #expect(NodeValue.unavailable.number == nil)
    }
}

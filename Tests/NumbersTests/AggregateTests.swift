import Numbers
import Testing

@Suite("Aggregates over numeric operands")
struct AggregateTests {
    @Test("mean, min and max leave unavailable operands out", arguments: [
        (Aggregate.mean, [1, nil, 2, 6] as [Double?], 3.0 as Double?),
        (.min, [nil, 5, -2, nil], -2), (.max, [nil, 5, -2], 5),
        (.mean, [nil, 4], 4), (.min, [7], 7), (.max, [-1, nil, -3], -1),
    ])
    func leavesUnavailableOut(aggregate: Aggregate, operands: [Double?], value: Double?) {
        #expect(aggregate.value(of: operands) == value)
    }

    @Test("mean, min and max are unavailable only when every operand is",
          arguments: [Aggregate.mean, .min, .max])
    func unavailableWhenAllAre(aggregate: Aggregate) {
        #expect(aggregate.value(of: [nil, nil, nil]) == nil)
        #expect(aggregate.value(of: []) == nil)
        #expect(aggregate.value(of: [nil, 0, nil]) == 0)
    }

    @Test("sum and difference are unavailable when any operand is", arguments: [
        (Aggregate.sum, [1, 2, 3] as [Double?], 6.0 as Double?), (.sum, [1, nil, 3], nil), (.sum, [nil], nil),
        (.difference, [28, 3.5], 24.5), (.difference, [3.5, 28], -24.5), (.difference, [nil, 1], nil),
        (.difference, [1, nil], nil),
    ])
    func unavailableWhenAnyIs(aggregate: Aggregate, operands: [Double?], value: Double?) {
        #expect(aggregate.value(of: operands) == value)
    }

    @Test("the config's words are the raw values")
    func words() {
        #expect(Aggregate.allCases.map(\.rawValue) == ["mean", "min", "max", "sum", "difference"])
    }
}

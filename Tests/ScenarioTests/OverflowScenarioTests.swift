import Scenario
import Testing

/// A test file's numbers near the largest double: what the graph computes from them is
/// a number or unavailable, and `expect:` says so.
@Suite("Numbers past what a double holds in test files")
struct OverflowScenarioTests {
    @Test("a mean of 1.7e308 and 1.6e308 is 1.65e308; a difference past what a double holds is unavailable")
    func meanAndDifference() throws {
        let result = try NumberFixtures.fixture.run([
            "set: { t_north: 1.7e308, t_south: 1.6e308, t_door: unavailable, outside: -1.7e308 }",
            "expect: { inside: { near: 1.65e308, within: 1e300 }, spread: unavailable, too_hot: on }",
            "set: { outside: 0 }",
            "expect: { spread: { near: 1.65e308, within: 1e300 } }",
        ])
        #expect(result.failures.map(\.message) == [])
        #expect(result.error == nil && result.passed == 4)
    }
}

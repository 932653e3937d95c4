import Config
import Testing

@Suite("Config: filters on numbers")
struct NumberFilterConfigTests {
    /// Line 2 holds the filters, from column 47.
    static func config(_ filters: String) -> String {
        "inputs:\n  t: { command: true, type: number, filters: [\(filters)] }\n"
    }

    @Test("each filter reads into its model, in the order written", arguments: [
        ("{ offset: -0.4 }", NumberFilterDeclaration.offset(-0.4)),
        ("{ multiply: 1.8 }", .multiply(1.8)),
        ("{ calibrate_linear: [[0.2, 0], [9.7, 10], [5, 5.1]] }", .calibrateLinear([
            CalibrationPoint(measured: 0.2, actual: 0), CalibrationPoint(measured: 9.7, actual: 10),
            CalibrationPoint(measured: 5, actual: 5.1),
        ])),
        ("{ clamp: { min: 0, max: 100 } }", .clamp(minimum: 0, maximum: 100)),
        ("{ clamp: { max: 100 } }", .clamp(minimum: nil, maximum: 100)),
        ("{ clamp: { min: 3, max: 3 } }", .clamp(minimum: 3, maximum: 3)),
        ("{ median: 5 }", .median(window: 5)),
        ("{ moving_average: 1 }", .movingAverage(window: 1)),
        ("{ exponential_moving_average: 1 }", .exponentialMovingAverage(alpha: 1)),
        ("{ throttle: 1.5s }", .throttle(.milliseconds(1500))),
        ("{ heartbeat: 1m }", .heartbeat(.seconds(60))),
        ("{ timeout: 30s }", .timeout(.seconds(30))),
        ("{ delta: 0 }", .delta(0)),
    ])
    func filter(yaml: String, expected: NumberFilterDeclaration) throws {
        let configuration = try ConfigFixture.parse(Self.config(yaml))
        #expect(configuration.commandInputs.first?.number?.number.filters == [expected])
    }

    @Test("filters apply in the order written, on inputs and signals alike")
    func order() throws {
        let configuration = try ConfigFixture.parse("""
            inputs:
              t: { command: true, type: number, filters: [{ median: 5 }, { offset: -0.4 }, { delta: 0.1 }] }
            signals:
              smooth:
                mean: [t]
                filters:
                  - exponential_moving_average: 0.1
                  - throttle: 10s

            """)
        #expect(configuration.commandInputs.first?.number?.number.filters == [.median(window: 5), .offset(-0.4), .delta(0.1)])
        #expect(configuration.signals.first?.number?.filters == [.exponentialMovingAverage(alpha: 0.1), .throttle(.seconds(10))])
    }

    static let refused: [(String, Int, String, String)] = [
        ("{ medain: 5 }", 49, "unknown filter 'medain' in filters: of input 't'", "did you mean 'median'?"),
        ("{ median: 5, offset: 1 }", 47, "a filter in filters: of input 't' has 2 keys", "each filter is one key"),
        ("{ offset: nan }", 57, "offset: in filters: of input 't' must be a decimal number, found 'nan'", "no inf, nan or hexadecimal"),
        ("{ multiply: 0x10 }", 59, "multiply: in filters: of input 't' must be a decimal number, found '0x10'", ""),
        ("{ median: 0 }", 57, "median: 0 in filters: of input 't' is less than 1", "1 or more"),
        ("{ median: 2.5 }", 57, "median: in filters: of input 't' must be a whole number, found '2.5'", ""),
        ("{ moving_average: -3 }", 65, "moving_average: -3 in filters: of input 't' is less than 1", ""),
        ("{ exponential_moving_average: 0 }", 77, "exponential_moving_average: 0 in filters: of input 't' is outside 0 to 1",
         "more than 0 and at most 1"),
        ("{ exponential_moving_average: 1.5 }", 77, "exponential_moving_average: 1.5 in filters: of input 't' is outside 0 to 1", ""),
        ("{ throttle: 0 }", 59, "throttle: in filters: of input 't' is zero", ""),
        ("{ heartbeat: 10 }", 60, "'10' has no unit", ""),
        ("{ timeout: 2d }", 58, "timeout:", ""),
        ("{ delta: -0.1 }", 56, "delta: -0.1 in filters: of input 't' is negative", "0 or more"),
        ("{ clamp: { min: 5, max: 1 } }", 71, "clamp: max: 1 in filters: of input 't' is less than min: 5", ""),
        ("{ clamp: {} }", 56, "clamp: in filters: of input 't' needs min:, max: or both", "clamp: { min: 0, max: 100 }"),
        ("{ clamp: { mn: 1 } }", 58, "unknown key 'mn' in clamp: of filters: of input 't'", "did you mean 'min'"),
        ("{ calibrate_linear: [[1, 2]] }", 67, "calibrate_linear: in filters: of input 't' has 1 pair; it needs at least 2", ""),
        ("{ calibrate_linear: [[1, 2], [1, 5]] }", 67, "calibrate_linear: in filters: of input 't' has every measured value 1",
         "at least two different measured values"),
        ("{ calibrate_linear: [[1, 2], [3]] }", 76, "a pair of calibrate_linear: in filters: of input 't' must be [measured, true]", ""),
        ("{ calibrate_linear: [[1, 2], [3, inf]] }", 80, "calibrate_linear: in filters: of input 't' must hold decimal numbers, found 'inf'", ""),
    ]

    @Test("each filter's bad arguments are refused at their place, with the fix", arguments: 0..<refused.count)
    func refusal(_ index: Int) {
        let (filters, column, message, hint) = Self.refused[index]
        ConfigFixture.expectRefused(Self.config(filters), at: 2, column, message, hint: hint)
    }

    @Test("filters: is a list, on numbers only")
    func shape() {
        ConfigFixture.expectRefused("inputs:\n  t: { command: true, type: number, filters: { median: 5 } }\n", at: 2, 46,
                                    "filters: in input 't' must be a list, found a mapping", hint: "filters: [{ median: 5 }")
        ConfigFixture.expectRefused("inputs:\n  t: { command: true, filters: [{ median: 5 }] }\n", at: 2, 23,
                                    "filters: applies to a number, and input 't' is a level", hint: "add type: number")
        ConfigFixture.expectRefused("inputs:\n  t: { command: true }\nsignals:\n  s: { not: t, filters: [] }\n", at: 4, 16,
                                    "filters: does not apply to not: in signal 's'", hint: "filters: applies to numbers")
    }
}

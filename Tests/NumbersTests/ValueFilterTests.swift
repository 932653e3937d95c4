import Numbers
import Testing

@Suite("Filters on values: offset, multiply, calibrate_linear, clamp")
struct ValueFilterTests {
    @Test("offset and multiply; unavailable passes through")
    func offsetAndMultiply() throws {
        var offset = try OffsetFilter(-0.5)
        #expect(offset.emissions([22, nil, -1]) == [.value(21.5), .value(nil), .value(-1.5)])
        var multiply = try MultiplyFilter(0.25)
        #expect(multiply.emissions([8, nil, -2]) == [.value(2), .value(nil), .value(-0.5)])
        #expect(throws: NumbersError.self) { try OffsetFilter(.infinity) }
        #expect(throws: NumbersError.self) { try MultiplyFilter(.nan) }
    }

    @Test("calibrate_linear: the line through two pairs")
    func calibrationThroughTwoPairs() throws {
        var calibration = try LinearCalibration(pairs: [(measured: 0, true: 1), (measured: 10, true: 21)])
        #expect(calibration.slope == 2 && calibration.intercept == 1)
        #expect(calibration.emissions([5, nil, -1]) == [.value(11), .value(nil), .value(-1)])
    }

    @Test("calibrate_linear: the least-squares line through more pairs")
    func calibrationLeastSquares() throws {
        // Means 1 and 4/3; covariance 3, variance 2: slope 1.5, intercept -1/6.
        let calibration = try LinearCalibration(pairs: [(measured: 0, true: 0), (measured: 1, true: 1), (measured: 2, true: 3)])
        #expect(abs(calibration.slope - 1.5) < 1e-12)
        #expect(abs(calibration.intercept + 1.0 / 6.0) < 1e-12)
        #expect(abs(calibration.apply(2) - 17.0 / 6.0) < 1e-12)
    }

    @Test("calibrate_linear refuses fewer than two pairs and pairs all measured at one value", arguments: [
        ([] as [Double], "calibrate_linear has 0 pairs of measured and true values: give at least 2 pairs"),
        ([3], "calibrate_linear has 1 pair of measured and true values: give at least 2 pairs"),
        ([3, 3, 3], "calibrate_linear measures 3.0 in every pair, which gives no line: give pairs measured at different values"),
    ])
    func calibrationRefused(measured: [Double], message: String) {
        let pairs = measured.enumerated().map { (measured: $1, true: Double($0)) }
        #expect {
            _ = try LinearCalibration(pairs: pairs)
        } throws: { error in
            "\(error)" == message
        }
    }

    @Test("clamp: to min, to max, either absent; unavailable passes through")
    func clamp() throws {
        var both = try ClampFilter(min: 0, max: 100)
        #expect(both.emissions([-5, 50, 104, nil]) == [.value(0), .value(50), .value(100), .value(nil)])
        var minOnly = try ClampFilter(min: 0, max: nil)
        #expect(minOnly.emissions([-5, 1e9]) == [.value(0), .value(1e9)])
        var maxOnly = try ClampFilter(min: nil, max: 10)
        #expect(maxOnly.emissions([-1e9, 11]) == [.value(-1e9), .value(10)])
        #expect {
            _ = try ClampFilter(min: 5, max: 1)
        } throws: { error in
            "\(error)" == "clamp has min 5.0 above max 1.0: swap them"
        }
    }
}

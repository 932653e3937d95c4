import Numbers
import Testing

@Suite("Filters over a window: median, moving_average, exponential_moving_average")
struct WindowFilterTests {
    @Test("the sliding window pushes out its oldest value and sums what it holds")
    func slidingWindow() {
        var window = SlidingWindow(capacity: 3)
        #expect(window.append(1) == nil && window.append(2) == nil && window.append(4) == nil)
        #expect(window.append(8) == 1 && window.append(16) == 2)
        #expect(window.count == 3 && window.sum == 28)
        window.removeAll()
        #expect(window.isEmpty && window.sum == 0)
        #expect(window.append(5) == nil && window.sum == 5)
    }

    @Test("median: one value out for each in from the first, the middle two averaged while even")
    func median() throws {
        var median = try MedianFilter(3)
        #expect(median.emissions([20, 90, 21, 22, 23, 5, 5]) ==
            [.value(20), .value(55), .value(21), .value(22), .value(22), .value(22), .value(5)])
    }

    @Test("median: values that repeat leave the window one at a time")
    func medianRepeats() throws {
        var median = try MedianFilter(3)
        #expect(median.emissions([5, 5, 5, 1, 1, 9]) == [.value(5), .value(5), .value(5), .value(5), .value(1), .value(1)])
    }

    @Test("moving_average: one value out for each in from the first")
    func movingAverage() throws {
        var average = try MovingAverageFilter(2)
        #expect(average.emissions([20, 21, 23, 1]) == [.value(20), .value(20.5), .value(22), .value(12)])
    }

    @Test("median and moving_average: unavailable passes through and empties the window")
    func windowsEmptied() throws {
        var median = try MedianFilter(3)
        #expect(median.emissions([10, 30, nil, 50]) == [.value(10), .value(20), .value(nil), .value(50)])
        var average = try MovingAverageFilter(3)
        #expect(average.emissions([10, 20, nil, 40]) == [.value(10), .value(15), .value(nil), .value(40)])
    }

    @Test("exponential_moving_average: the first value as is; unavailable passes through and resets it")
    func exponentialMovingAverage() throws {
        var average = try ExponentialMovingAverageFilter(alpha: 0.5)
        #expect(average.emissions([20, 22, 24, nil, 30, 32]) ==
            [.value(20), .value(21), .value(22.5), .value(nil), .value(30), .value(31)])
        var unsmoothed = try ExponentialMovingAverageFilter(alpha: 1)
        #expect(unsmoothed.emissions([3, 7]) == [.value(3), .value(7)])
    }

    @Test("a window of 0 or an alpha outside (0, 1] is refused with the fix")
    func refused() {
        #expect { _ = try MedianFilter(0) } throws: { "\($0)" == "median has a window of 0 values: give 1 or more" }
        #expect { _ = try MovingAverageFilter(-1) } throws: { "\($0)" == "moving_average has a window of -1 values: give 1 or more" }
        for alpha in [0, 1.5, -0.1, .nan] {
            #expect(throws: NumbersError.self) { try ExponentialMovingAverageFilter(alpha: alpha) }
        }
    }
}

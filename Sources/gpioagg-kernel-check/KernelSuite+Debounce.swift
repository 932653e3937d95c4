import GPIO
import GPIOLibgpiod

extension KernelSuite {
    /// Kernel debounce (libgpiod v2): gpio-sim has no hardware debounce, so gpiolib-cdev
    /// debounces in software, which is exactly what a Raspberry Pi gets too.
    func checkDebounce() throws {
        let line = LineMap.debounced
        let period = Duration.milliseconds(50)
        try sim.setPull(line, high: false)
        let config = InputLineConfig(offset: line, debounce: period)
        guard generation >= 2 else {
            let request = try chip.requestInputs([config], consumer: consumer)
            defer { request.release() }
            tap.expect(!request.debouncesInKernel, "a v1 request says it does not debounce in the kernel")
            tap.skip("kernel debounce",
                     reason: "libgpiod v1 cannot debounce in the kernel; InputTracker debounces in software")
            return
        }
        let request: any InputRequest
        do {
            request = try chip.requestInputs([config], consumer: consumer)
        } catch {
            tap.skip("kernel debounce", reason: "gpio-sim rejected a debounced request: \(error.message)")
            return
        }
        defer { request.release() }
        tap.expect(request.debouncesInKernel, "a v2 request says it debounces in the kernel")
        let info = try chip.lineInfo(line)
        tap.expect(info.debounce == period, "line info reports the 50 ms debounce period", ["\(info)"])

        let bounces = 9
        let started = MonotonicClock.now()
        let final = try sim.togglePull(line, count: bounces, startHigh: false)
        let settled = MonotonicClock.now()
        var events = try read(request, expecting: 1)
        events += try drain(request, quietMilliseconds: 300)
        let values = try request.values()
        tap.expect(!events.isEmpty && events.count < bounces && events.last?.edge == (final ? .rising : .falling)
                   && values == [final],
                   "\(bounces) bounces within \((settled - started) / 1_000_000) ms give fewer events, "
                   + "ending on the final level",
                   ["events: \(describe(events))", "values: \(values)"])
        // The kernel's timer runs in jiffies: allow it a few milliseconds early.
        let earliest = settled + period.wholeNanoseconds - 5_000_000
        tap.expect(events.first.map { $0.timestamp >= earliest } ?? false,
                   "the debounced edge comes a debounce period after the bouncing stopped",
                   ["bouncing stopped at \(settled), first event: \(describe(Array(events.prefix(1))))"])
    }
}

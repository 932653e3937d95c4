import GPIO
import GPIOLibgpiod

extension KernelSuite {
    /// Values at request time, active-low, and the requester's bias.
    func checkInputs() throws {
        try sim.setPull(LineMap.switch1, high: true)
        try sim.setPull(LineMap.switch2, high: false)
        let switches = try chip.requestInputs([InputLineConfig(offset: LineMap.switch1),
                                               InputLineConfig(offset: LineMap.switch2)],
                                              consumer: consumer)
        let values = try switches.values()
        tap.expect(values == [true, false], "values read at request time match the sim pulls",
                   ["values: \(values)"])
        let held = try chip.lineInfo(LineMap.switch1)
        tap.expect(held.used && held.consumer == consumer && held.direction == .input,
                   "line info shows the requested input and its consumer", ["\(held)"])
        switches.release()
        let released = try chip.lineInfo(LineMap.switch1)
        tap.expect(!released.used, "release gives the line back", ["\(released)"])

        try checkActiveLowInput()
        try checkBias()
        try checkRequestOutlivesChip()
    }

    /// The protocol promises that closing a chip releases nothing (libgpiod v1 would,
    /// were the request made through the caller's chip handle).
    private func checkRequestOutlivesChip() throws {
        let line = LineMap.outlivesChip
        try sim.setPull(line, high: false)
        let other = try backend.openChip(.path(sim.devicePath))
        let request = try other.requestInputs([InputLineConfig(offset: line)], consumer: consumer)
        defer { request.release() }
        other.close()
        let info = try chip.lineInfo(line)
        let events = try pull(line, high: true, on: request)
        let values = try request.values()
        tap.expect(info.used && events.map(\.edge) == [.rising] && values == [true],
                   "a request outlives the chip handle it was made through",
                   ["\(info)", "events: \(describe(events))", "values: \(values)"])
    }

    private func checkActiveLowInput() throws {
        let line = LineMap.activeLow
        try sim.setPull(line, high: true)
        let request = try chip.requestInputs([InputLineConfig(offset: line, activeLow: true)],
                                             consumer: consumer)
        defer { request.release() }
        let high = try request.values()
        let info = try chip.lineInfo(line)
        let falling = try pull(line, high: false, on: request)
        let afterFalling = try request.values()
        let rising = try pull(line, high: true, on: request)
        let afterRising = try request.values()
        tap.expect(high == [false] && afterFalling == [true] && afterRising == [false],
                   "active-low inverts values", ["pulled up: \(high), down: \(afterFalling), up: \(afterRising)"])
        tap.expect(falling.map(\.edge) == [.rising] && rising.map(\.edge) == [.falling],
                   "active-low inverts edges", ["pull down: \(describe(falling))", "pull up: \(describe(rising))"])
        tap.expect(info.activeLow, "line info reports active-low", ["\(info)"])
    }

    private func checkBias() throws {
        try sim.setPull(LineMap.pullUp, high: false)
        try sim.setPull(LineMap.pullDown, high: true)
        let request = try chip.requestInputs([InputLineConfig(offset: LineMap.pullUp, bias: .pullUp),
                                              InputLineConfig(offset: LineMap.pullDown, bias: .pullDown)],
                                             consumer: consumer)
        defer { request.release() }
        let levels = [try sim.value(LineMap.pullUp), try sim.value(LineMap.pullDown)]
        let values = try request.values()
        tap.expect(levels == [true, false] && values == [true, false],
                   "bias pull-up makes the line read 1, pull-down 0",
                   ["sim levels: \(levels), values: \(values)"])
        let biases = [try chip.lineInfo(LineMap.pullUp).bias, try chip.lineInfo(LineMap.pullDown).bias]
        tap.expect(biases == [.pullUp, .pullDown], "line info reports the bias", ["biases: \(biases)"])
    }
}

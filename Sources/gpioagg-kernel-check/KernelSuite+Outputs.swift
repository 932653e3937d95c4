import GPIO

extension KernelSuite {
    /// Initial values, several lines set in one call, active-low, and release.
    func checkOutputs() throws {
        let lines = [LineMap.led1, LineMap.led2, LineMap.ledInverted]
        let configs = [OutputLineConfig(offset: LineMap.led1, initial: true),
                       OutputLineConfig(offset: LineMap.led2, initial: false),
                       OutputLineConfig(offset: LineMap.ledInverted, activeLow: true, initial: false)]
        let request = try chip.requestOutputs(configs, consumer: consumer)
        let initial = try lines.map(sim.value)
        tap.expect(initial == [true, false, true],
                   "outputs are driven to their initial values at once (active-low inverted)",
                   ["sim levels: \(initial)"])
        let info = try chip.lineInfo(LineMap.ledInverted)
        tap.expect(info.used && info.direction == .output && info.activeLow && info.consumer == consumer,
                   "line info shows an active-low output and its consumer", ["\(info)"])

        try request.setValues([(LineMap.led1, false), (LineMap.led2, true), (LineMap.ledInverted, true)])
        let levels = try lines.map(sim.value)
        let values = try request.values()
        tap.expect(levels == [false, true, false] && values == [false, true, true],
                   "setValues sets several lines in one call, active-low inverted",
                   ["sim levels: \(levels)", "values: \(values)"])
        try request.setValues([(LineMap.led2, false)])
        let partial = try lines.map(sim.value)
        tap.expect(partial == [false, false, false], "setValues on one line leaves the others as they were",
                   ["sim levels: \(partial)"])

        _ = expectError(.invalidRequest, "setValues on a line outside the request is invalidRequest") {
            try request.setValues([(LineMap.spare, true)])
        }
        request.release()
        let free = try chip.lineInfo(LineMap.led1)
        tap.expect(!free.used, "release gives the lines back", ["\(free)"])
        _ = expectError(.invalidRequest, "setValues after release is invalidRequest") {
            try request.setValues([(LineMap.led1, true)])
        }

        let again = try chip.requestOutputs([OutputLineConfig(offset: LineMap.led1, initial: true)],
                                            consumer: consumer)
        let relit = try sim.value(LineMap.led1)
        again.release()
        tap.expect(relit, "a released line can be requested again")

        try checkOpenDrain()
    }

    /// gpio-sim cannot drive open-drain itself, so gpiolib emulates it by switching the
    /// line to input for a high; gpio-sim then keeps the level last driven (the line
    /// stays flagged as an output), so only the low and the reported drive show here.
    private func checkOpenDrain() throws {
        let line = LineMap.openDrain
        try sim.setPull(line, high: true)
        let request = try chip.requestOutputs([OutputLineConfig(offset: line, drive: .openDrain, initial: false)],
                                              consumer: consumer)
        defer { request.release() }
        let info = try chip.lineInfo(line)
        let low = try sim.value(line)
        tap.expect(info.drive == .openDrain && info.direction == .output && !low,
                   "an open-drain output drives its line low and line info reports open-drain",
                   ["\(info)", "level: \(low)"])
    }
}

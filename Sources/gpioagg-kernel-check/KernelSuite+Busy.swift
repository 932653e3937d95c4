import GPIO

extension KernelSuite {
    /// EBUSY names the line, the chip and who holds it.
    func checkBusy() throws {
        let line = LineMap.busy
        let holder = try chip.requestInputs([InputLineConfig(offset: line)], consumer: "holder-test")
        defer { holder.release() }
        let name = LineMap.names[line] ?? ""
        if let error = expectError(.busy, "requesting a held input is busy", {
            _ = try chip.requestInputs([InputLineConfig(offset: line)], consumer: consumer)
        }) {
            let text = error.description
            tap.expect(text.contains("'\(name)'") && text.contains(sim.chipName) && text.contains("holder-test"),
                       "the busy error names the line, the chip and the holder", [text])
        }
        if let error = expectError(.busy, "requesting a held line as one of several outputs is busy", {
            _ = try chip.requestOutputs([OutputLineConfig(offset: LineMap.spare),
                                         OutputLineConfig(offset: line)], consumer: consumer)
        }) {
            tap.expect(error.description.contains("line \(line) '\(name)'"),
                       "the busy error names the held line, not the free one", [error.description])
        }
        let spare = try chip.lineInfo(LineMap.spare)
        tap.expect(!spare.used, "a failed request leaves its free lines free", ["\(spare)"])
        _ = expectError(.invalidRequest, "the same line twice in one request is invalidRequest") {
            _ = try chip.requestInputs([InputLineConfig(offset: LineMap.spare),
                                        InputLineConfig(offset: LineMap.spare)], consumer: consumer)
        }
    }
}

import GPIO

extension KernelSuite {
    /// Line names from configfs, and line look-up by name and by offset.
    func checkLineInfo() throws {
        let infos = try chip.lineInfos()
        let names = infos.map(\.name)
        let expected = (0..<UInt32(sim.lineCount)).map { LineMap.names[$0] ?? "" }
        tap.expect(names == expected, "line info reports the names set through configfs",
                   ["got: \(names)", "expected: \(expected)"])
        let unnamed = infos[Int(LineMap.unnamed)]
        tap.expect(!unnamed.used && unnamed.consumer.isEmpty && unnamed.direction == .input,
                   "an unrequested line is unused, has no consumer and is an input", ["\(unnamed)"])

        let byName = try chip.lineOffset(.name("switch2"))
        let byOffset = try chip.lineOffset(LineLocator("\(LineMap.edgeB)"))
        tap.expect(byName == LineMap.switch2 && byOffset == LineMap.edgeB,
                   "lineOffset finds a line by name and by offset",
                   ["switch2 -> \(byName), \(LineMap.edgeB) -> \(byOffset)"])

        if let error = expectError(.lineNotFound, "an unknown line name is lineNotFound", {
            _ = try chip.lineOffset(.name("swich1"))
        }) {
            tap.expect(error.hint.contains("'switch1'"), "the error suggests 'switch1' for 'swich1'",
                       [error.description])
        }
        _ = expectError(.lineNotFound, "an offset past the last line is lineNotFound") {
            _ = try chip.lineOffset(.offset(UInt32(sim.lineCount)))
        }
    }
}

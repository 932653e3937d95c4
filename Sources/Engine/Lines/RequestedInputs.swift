import GPIO

/// One input request (at most 64 lines of one chip: the kernel's limit), its tracker and
/// the input lines it carries.
final class RequestedInputs {
    let chipName: String
    let request: any InputRequest
    let tracker: InputTracker
    let lines: [InputLine]
    /// Indexed by offset.
    let lineAtOffset: [InputLine?]
    /// Whether some line is debounced by the tracker rather than the kernel, so that the
    /// tracker's deadlines need a timer.
    let debouncesInSoftware: Bool
    /// The earliest deadline a timer is set for, if any.
    @exclusivity(unchecked) var scheduledDeadline: UInt64?
    /// The tracker's counters when last looked at, to log only what is new.
    var gapsSeen = 0
    var correctionsSeen = 0

    init(chipName: String, request: any InputRequest, tracker: InputTracker, lines: [InputLine]) {
        self.chipName = chipName
        self.request = request
        self.tracker = tracker
        self.lines = lines
        var byOffset = [InputLine?](repeating: nil, count: Int(lines.map(\.offset).max() ?? 0) + 1)
        for line in lines { byOffset[Int(line.offset)] = line }
        lineAtOffset = byOffset
        debouncesInSoftware = lines.contains { line in
            let debounce = line.declaration.debounce
            return !debounce.isNone && (!request.debouncesInKernel || debounce.mode != .stable)
        }
    }

    /// Whether the tracker, not the kernel, debounces `line`.
    func debouncesInSoftware(_ line: InputLine) -> Bool {
        let debounce = line.declaration.debounce
        return !debounce.isNone && (!request.debouncesInKernel || debounce.mode != .stable)
    }

    /// "inputs switch1, switch2 on gpiochip0 [pinctrl-bcm2711]", for logs.
    var summary: String {
        let names = lines.map(\.name).joined(separator: ", ")
        return "input\(lines.count == 1 ? "" : "s") \(names) on \(request.chip.name) [\(request.chip.label)]"
    }
}

import GPIO

/// One output request (at most 64 lines of one chip) and the writes staged for it, so
/// that the writes one event causes go out in one `setValues` call.
final class RequestedOutputs {
    let chipName: String
    let request: any OutputRequest
    private(set) var lines: [OutputLine] = []
    /// The values of the next `setValues`, reused from one event to the next.
    @exclusivity(unchecked) private var staged: [(offset: UInt32, value: Bool)] = []
    @exclusivity(unchecked) private var stagedLines: [OutputLine] = []

    init(chipName: String, request: any OutputRequest) {
        self.chipName = chipName
        self.request = request
    }

    func add(_ line: OutputLine) {
        lines.append(line)
        staged.reserveCapacity(lines.count)
        stagedLines.reserveCapacity(lines.count)
    }

    var hasStagedWrites: Bool { !staged.isEmpty }

    /// Stages `line`'s desired value; returns false if it is already on the line.
    @inline(__always)
    func stage(_ line: OutputLine) -> Bool {
        guard line.desired != line.written else { return false }
        staged.append((line.offset, line.desired))
        stagedLines.append(line)
        return true
    }

    /// Writes what is staged in one call, then hands each line written to `written`.
    func commit(at: UInt64, _ written: (OutputLine) -> Void) throws(GPIOError) {
        defer {
            // Popping keeps the storage and, unlike `removeAll(keepingCapacity:)`,
            // allocates nothing and checks no capacity per call.
            while staged.popLast() != nil {}
            while stagedLines.popLast() != nil {}
        }
        try request.setValues(staged)
        for line in stagedLines {
            if line.written && !line.desired { line.wentOffAt = at }
            line.written = line.desired
            line.changedAt = at
            written(line)
        }
    }

    /// Writes every line's safe value, whatever the engine believes is on it: the
    /// last word must not depend on bookkeeping that a failure may have left wrong.
    /// Drives every line but those `keep` spares (the ones a reload keeps at their
    /// level) to its `safe` value.
    func writeSafeValues(at now: UInt64, keep: (OutputLine) -> Bool = { _ in false }) throws(GPIOError) {
        let safe = lines.filter { !keep($0) }
        guard !safe.isEmpty else { return }
        try request.setValues(safe.map { ($0.offset, $0.declaration.safe) })
        for line in safe {
            if line.written && !line.declaration.safe { line.wentOffAt = now }
            line.desired = line.declaration.safe
            line.written = line.declaration.safe
        }
    }
}

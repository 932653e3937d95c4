import GPIO
import GPIOLibgpiod

/// The real-kernel checks of `LibgpiodBackend`, run against one gpio-sim chip.
///
/// Each topic (`KernelSuite+Chips.swift` and its siblings) is one group of TAP test
/// points; an unexpected error fails its group and the suite goes on.
final class KernelSuite {
    let tap: TAP
    let backend = LibgpiodBackend()
    let sim: GPIOSimChip
    let chip: any GPIOChip
    let generation = LibgpiodBackend.apiGeneration
    /// The consumer name of the suite's own requests.
    let consumer = "gpioagg-check"
    /// How long to wait for an edge the suite caused before calling it lost. TCG guests
    /// are slow, so this is generous; a passing run never waits this long.
    let edgeTimeoutMilliseconds: Int32 = 5000

    init(sim: GPIOSimChip, tap: TAP) throws {
        self.sim = sim
        self.tap = tap
        chip = try backend.openChip(.path(sim.devicePath))
    }

    /// Runs every group and returns the exit status.
    func run() -> Int32 {
        group("chips", checkChips)
        group("line info", checkLineInfo)
        group("inputs", checkInputs)
        group("edges", checkEdges)
        group("debounce", checkDebounce)
        group("outputs", checkOutputs)
        group("busy", checkBusy)
        group("burst", checkBurst)
        group("commands", checkCommands)
        chip.close()
        return tap.finish()
    }

    private func group(_ name: String, _ body: () throws -> Void) {
        do {
            try body()
        } catch {
            tap.expect(false, "\(name): no unexpected error", ["\(error)"])
        }
    }

    /// Runs `body`, which should fail with a `GPIOError` of `kind`, and returns the error
    /// it threw.
    func expectError(_ kind: GPIOError.Kind, _ description: String,
                     _ body: () throws -> Void) -> GPIOError? {
        do {
            try body()
            tap.expect(false, description, ["expected a \(kind) error, got none"])
            return nil
        } catch let error as GPIOError {
            tap.expect(error.kind == kind, description,
                       error.kind == kind ? [] : ["expected \(kind), got \(error.kind): \(error)"])
            return error
        } catch {
            tap.expect(false, description, ["expected a GPIOError, got \(error)"])
            return nil
        }
    }

    /// Sets a pull and reads the events that follow until `count` have come, or the
    /// timeout passes.
    func pull(_ offset: UInt32, high: Bool, on request: any InputRequest,
              expecting count: Int = 1) throws -> [EdgeEvent] {
        try sim.setPull(offset, high: high)
        return try read(request, expecting: count)
    }

    /// Reads events until `count` have come or `edgeTimeoutMilliseconds` passes.
    func read(_ request: any InputRequest, expecting count: Int) throws -> [EdgeEvent] {
        var events: [EdgeEvent] = []
        let deadline = MonotonicClock.now() + UInt64(edgeTimeoutMilliseconds) * 1_000_000
        while events.count < count {
            let now = MonotonicClock.now()
            guard now < deadline else { break }
            let left = Int32((deadline - now) / 1_000_000) + 1
            for fd in try Poller.readable(request.fileDescriptors, within: left) {
                try request.readEvents(from: fd, into: &events)
            }
        }
        return events
    }

    /// Reads events until none has come for `quietMilliseconds`.
    func drain(_ request: any InputRequest, quietMilliseconds: Int32) throws -> [EdgeEvent] {
        var events: [EdgeEvent] = []
        while true {
            let ready = try Poller.readable(request.fileDescriptors, within: quietMilliseconds)
            if ready.isEmpty { return events }
            for fd in ready { try request.readEvents(from: fd, into: &events) }
        }
    }

    /// `rising@2 #1/1 t=123` per event, for diagnostics.
    func describe(_ events: [EdgeEvent]) -> String {
        events.map { "\($0.edge)@\($0.offset) #\($0.globalSequence)/\($0.lineSequence) t=\($0.timestamp)" }
            .joined(separator: ", ")
    }
}

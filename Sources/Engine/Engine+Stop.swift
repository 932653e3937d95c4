import GPIO
import Logging

extension Engine {
    /// Drives every output to its `safe` value (one write per request, whatever the
    /// engine believes is on the lines), releases every line and closes the chips, then
    /// takes the graph apart. Idempotent; safe at any point, including before `start()`
    /// and after a failure. Call on the loop's thread.
    public func stop() {
        loop.preconditionInEventLoop()
        stopNow()
    }

    func stopNow() {
        let wasRunning = state != .idle
        guard state != .stopped else { return }
        state = .stopped
        if wasRunning { tearDown() }
    }

    /// Logs a failure that happened while running, stops, and tells `onFailure`.
    func fail(_ error: EngineError) {
        guard state == .running else { return }
        var metadata: Logger.Metadata = [:]
        if let location = error.location { metadata["config_location"] = "\(location)" }
        logger.error("\(error.description)\nstopping: outputs go to their safe values", metadata: metadata)
        stopNow()
        onFailure?(error)
    }

    /// Undoes whatever `start()` got done, the safe values first: they are written
    /// before anything else is let go of, so the outputs do not wait on the size of the
    /// graph. Each step goes on when one before it fails. Lines in `keep` are released
    /// without their safe value: a reload requests them again at the level they have.
    func tearDown(keep: Set<LineID> = []) {
        for requested in requestedInputs {
            for fd in requested.request.fileDescriptors { loop.unwatch(fd: fd) }
        }
        propagation.pendingOutputs.removeAll()
        let now = loop.now
        // Moving covers stop where their motors are released: that position is kept.
        // Covers a reload carries on with their move are not stopped.
        for cover in covers where !cover.isHandedOver {
            if let change = cover.stopped(at: now) { propagation.announce(change) }
        }
        writePWMSafeValues()
        for requested in requestedOutputs {
            let path = chips[requested.chipName]?.info.path ?? requested.request.chip.path
            let kept: (OutputLine) -> Bool = { keep.contains(LineID(chip: path, offset: $0.offset)) }
            do {
                try requested.writeSafeValues(at: now, keep: kept)
                for line in requested.lines where !kept(line) {
                    propagation.reportWrite(line, at: now, cause: .safeState)
                }
            } catch {
                let names = requested.lines.map { "'\($0.name)'" }.joined(separator: ", ")
                logger.error("could not drive output \(names) to the safe value: \(error.message)",
                             metadata: ["gpio_chip": "\(requested.chipName)"])
            }
            requested.request.release()
        }
        for requested in requestedInputs { requested.request.release() }
        for opened in chips.values { opened.chip.close() }
        chips = [:]
        takeGraphApart()
    }

    /// Cancels every pipeline in time linear in the size of the graph: each level lets
    /// go of its subscribers at once, so that no cancellation searches a level's list.
    private func takeGraphApart() {
        propagation.isSettling = true
        timers.cancelAll()
        for input in inputs { input.level.dropSubscribers() }
        for input in virtualInputs { input.level.dropSubscribers() }
        for signal in signals { signal.level.dropSubscribers() }
        let running = cancellables
        cancellables = []
        for cancellable in running { cancellable.cancel() }
    }
}

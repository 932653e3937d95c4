extension Engine {
    /// Drives every output to its `safe` value (one write per request, whatever the
    /// engine believes is on the lines), releases every line and closes the chips.
    /// Idempotent; safe at any point, including before `start()` and after a failure.
    /// Call on the host's thread.
    public func stop() {
        let wasRunning = state != .idle
        guard state != .stopped else { return }
        state = .stopped
        if wasRunning { tearDown() }
    }

    /// Logs a failure that happened while running, stops, and tells `onFailure`.
    func fail(_ error: EngineError) {
        guard state == .running else { return }
        log(error.description + "\nstopping: outputs go to their safe values")
        stop()
        onFailure?(error)
    }

    /// Undoes whatever `start()` got done. Each step goes on when one before it fails:
    /// the safe values matter most. Lines `keep` names ("path#offset") are released
    /// without their safe value: a reload requests them again at the level they have.
    func tearDown(keep: Set<String> = []) {
        let running = cancellables
        cancellables = []
        for cancellable in running { cancellable.cancel() }
        for requested in requestedInputs {
            for fd in requested.request.fileDescriptors { host.unwatch(fd: fd) }
        }
        propagation.pendingOutputs.removeAll()
        let now = host.now
        for requested in requestedOutputs {
            let before = requested.lines.map(\.written)
            let path = chips[requested.chipName]?.info.path ?? ""
            do {
                try requested.writeSafeValues { keep.contains("\(path)#\($0.offset)") }
                for (line, old) in zip(requested.lines, before) where line.written != old {
                    propagation.reportWrite(line.name, line.written, at: now)
                }
            } catch {
                let names = requested.lines.map { "'\($0.name)'" }.joined(separator: ", ")
                log("error: could not drive output \(names) to the safe value: \(error.message)")
            }
            requested.request.release()
        }
        for requested in requestedInputs { requested.request.release() }
        for opened in chips.values { opened.chip.close() }
        chips = [:]
    }
}

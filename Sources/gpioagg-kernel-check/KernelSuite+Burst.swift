import GPIO
import GPIOLibgpiod

extension KernelSuite {
    /// A burst that overflows the kernel's event buffer: events are lost, and the
    /// InputTracker must still end on the level the line really has.
    func checkBurst() throws {
        let line = LineMap.burst
        let generated = 2001
        try sim.setPull(line, high: false)
        // v2 takes a small buffer so that it overflows whatever the interrupt thread's
        // pace; v1's is fixed at 16 events per line. The consumer is short because it
        // names the interrupt thread, whose name the kernel truncates.
        let request = try chip.requestInputs([InputLineConfig(offset: line)], consumer: "burst",
                                             eventBufferSize: generation >= 2 ? 4 : 0)
        defer { request.release() }
        let capacity = generation >= 2 ? 4 : 16
        tap.expect(request.eventBufferCapacity == capacity,
                   "the request reports a kernel buffer of \(capacity) events",
                   ["eventBufferCapacity: \(request.eventBufferCapacity)"])

        let tracker = try InputTracker(request: request, now: MonotonicClock.now())
        // One edge each way first, so that the interrupt thread has run somewhere. They
        // go through the tracker, which follows the sequence numbers from the start.
        var changes: [InputTracker.Change] = []
        for high in [true, false] {
            try sim.setPull(line, high: high)
            for fd in try Poller.readable(request.fileDescriptors, within: edgeTimeoutMilliseconds) {
                try tracker.readable(fd, now: MonotonicClock.now(), into: &changes)
            }
        }
        guard changes.map(\.value) == [true, false] else {
            tap.expect(false, "burst: the warm-up edges arrive", ["changes: \(changes)"])
            return
        }
        let warmUp = tracker.statistics
        changes.removeAll()
        let pinned = pinToInterruptThread(consumer: "burst")
        defer { pinned?.restore() }

        let started = MonotonicClock.now()
        // Nothing reads while the pulls are written, so the kernel's buffer overflows.
        let final = try sim.togglePull(line, count: generated, startHigh: false)
        let milliseconds = (MonotonicClock.now() - started) / 1_000_000

        var firstRead: Int?
        while true {
            let ready = try Poller.readable(request.fileDescriptors, within: 500)
            if ready.isEmpty { break }
            for fd in ready {
                let before = tracker.statistics.events
                try tracker.readable(fd, now: MonotonicClock.now(), into: &changes)
                if firstRead == nil { firstRead = tracker.statistics.events - before }
            }
        }
        var statistics = tracker.statistics
        statistics.events -= warmUp.events
        statistics.gaps -= warmUp.gaps
        statistics.corrections -= warmUp.corrections
        let reread = try request.values()
        tap.diagnostic("burst: generated=\(generated) read=\(statistics.events) final=\(final ? 1 : 0) "
                       + "ms=\(milliseconds)")
        let lastGap = tracker.lastGap.map { "\($0)" } ?? "none"
        tap.diagnostic("burst: first read=\(firstRead ?? 0) gaps=\(statistics.gaps) "
                       + "corrections=\(statistics.corrections) last gap=\(lastGap) changes=\(changes.count), "
                       + (pinned?.description ?? "not pinned"))
        tap.expect(statistics.events > 0 && statistics.events < generated,
                   "a burst of \(generated) edges without reading loses events (\(statistics.events) read)")
        tap.expect(firstRead == capacity, "the first read after the burst empties a full kernel buffer",
                   ["first read: \(firstRead ?? 0) of \(capacity)"])
        tap.expect(statistics.gaps > 0, "InputTracker detects the loss", ["last gap: \(lastGap)"])
        tap.expect(reread == [final] && tracker.levels == [final],
                   "after the burst, the re-read level and InputTracker's level equal the last pull written",
                   ["re-read: \(reread), tracker: \(tracker.levels), last pull: \(final)"])
    }

    /// Moves this process onto the CPU of the request's interrupt thread. The kernel
    /// keeps a woken real-time thread on its last CPU, where it now preempts the writer
    /// after every edge: each edge becomes an event, rather than a handful of events for
    /// a whole burst when the thread runs on another, slowly woken, emulated CPU.
    private func pinToInterruptThread(consumer: String) -> PinnedCPU? {
        let threads = InterruptThread.find(consumer: consumer)
        guard threads.count == 1, let cpu = threads[0].lastCPU,
              let original = CPUAffinity.of(), CPUAffinity.only(cpu).apply() else {
            tap.diagnostic("burst: could not pin to the interrupt thread (found \(threads.map(\.name)))")
            return nil
        }
        return PinnedCPU(cpu: cpu, thread: threads[0].name, original: original)
    }
}

import Values
import GPIO
import Logging

extension Engine {
    /// An input request's descriptor is readable: its events, through the tracker and
    /// the graph, to one write per output request.
    func inputReadable(_ requested: RequestedInputs, fd: Int32) {
        guard state == .running else { return }
        clearChanges()
        let eventsBefore = requested.tracker.statistics.events
        do {
            try requested.tracker.readable(fd, now: loop.now, into: &changes)
        } catch {
            return fail(EngineError(.gpio(error, subject: requested.summary),
                                    at: requested.lines.first?.declaration.location))
        }
        inputEvents &+= requested.tracker.statistics.events &- eventsBefore
        if !requested.tracker.losses.isEmpty {
            addLostPulses(requested)
        }
        let lost = requested.tracker.statistics.gaps != requested.gapsSeen
        if lost {
            propagation.resyncs &+= 1
            propagation.isResyncing = true
            logLostEvents(requested)
        }
        propagate(from: requested)
        propagation.isResyncing = false
        scheduleDeadline(of: requested)
        writePendingOutputsOrFail()
        if let recordLag { recordLagOfChanges(recordLag) }
    }

    /// A software-debounce deadline of `requested` may have passed.
    func deadlinePassed(_ requested: RequestedInputs, scheduled deadline: UInt64) {
        if requested.scheduledDeadline == deadline { requested.scheduledDeadline = nil }
        guard state == .running else { return }
        clearChanges()
        requested.tracker.expireDeadlines(now: loop.now, into: &changes)
        propagate(from: requested)
        scheduleDeadline(of: requested)
        writePendingOutputsOrFail()
        if let recordLag { recordLagOfChanges(recordLag) }
    }

    /// A timer of the graph fired: its body runs as an event at `deadline`, and the
    /// writes it causes go out together.
    ///
    /// Events already waiting are read first: an edge from before the deadline (a
    /// release that beats an on-delay, a press that continues a gesture) must count
    /// before the timer decides, whichever the loop happened to look at first. Nodes
    /// whose timer an event made moot cancel it; one already dispatched finds its node
    /// changed and does nothing.
    func runTimed(at deadline: UInt64, _ body: () -> Void) {
        guard state == .running else { return }
        readWaitingEvents()
        guard state == .running else { return }
        propagation.timestamp = deadline
        transactions &+= 1
        body()
        writePendingOutputsOrFail()
        recordLag?(lag(since: deadline))
    }

    /// Reads every input request that has events waiting, without blocking: the loop
    /// runs their handlers now.
    private func readWaitingEvents() {
        loop.runReadyHandlers(of: requestedInputs.flatMap(\.request.fileDescriptors))
    }

    /// Runs `body` as an event of its own, now: what it changes settles through the graph,
    /// and the outputs are written once it returns (or once the transaction it is part of
    /// ends). Returns what `body` returns; nil, without running it, when the engine is not
    /// running. How a node applies a value from outside (`EngineNode.set`, `update`): it
    /// reads its value after the event, once its outputs are written.
    ///
    /// ```swift
    /// guard engine.event({ output.apply(.toggle) }) != nil else { throw .notRunning }
    /// return .applied(.level(output.written), precision: 0)
    /// ```
    func event<Result>(_ body: () -> Result) -> Result? {
        loop.preconditionInEventLoop()
        guard state == .running else { return nil }
        let start = loop.now
        propagation.timestamp = start
        let result = body()
        // Inside `transaction(_:)`, part of it: that one is counted when it ends.
        guard propagation.openTransactions == 0 else { return result }
        transactions &+= 1
        writePendingOutputsOrFail()
        recordLag?(lag(since: start))
        return result
    }

    /// Runs `body`'s events (sets, presses, commands) as one transaction: the graph
    /// settles and the outputs are written once, when `body` returns, with what all of
    /// them together decide. What a test file's `set:` of several names does.
    ///
    /// ```swift
    /// engine.transaction {
    ///     _ = engine.set("enable", .command(.on))
    ///     _ = engine.set("start", .command(.press))
    /// }
    /// ```
    public func transaction<Result>(_ body: () throws -> Result) rethrows -> Result {
        loop.preconditionInEventLoop()
        let start = loop.now
        propagation.openTransactions += 1
        defer {
            propagation.openTransactions -= 1
            if propagation.openTransactions == 0 {
                transactions &+= 1
                writePendingOutputsOrFail()
                recordLag?(lag(since: start))
            }
        }
        return try body()
    }

    /// Empties `changes`, keeping its storage. Popped: `removeAll(keepingCapacity:)`
    /// goes through a generic `replaceSubrange` costing more than the pops a read of one
    /// or a few events needs.
    @inline(__always)
    private func clearChanges() {
        while changes.popLast() != nil {}
    }

    /// Each edge is a transaction of its own, and edges with the same timestamp are one
    /// (they happened together): the graph settles before the next one. The writes of
    /// the whole read go out together, once it has settled.
    ///
    /// Indexed rather than `for in`, which took its own reference to the array (an
    /// atomic retain and release per read).
    private func propagate(from requested: RequestedInputs) {
        let lines = requested.lineAtOffset
        var position = 0
        while position < changes.count {
            let change = changes[position]
            if position == 0 || change.timestamp != changes[position - 1].timestamp { transactions &+= 1 }
            position += 1
            if change.timestamp != propagation.timestamp { propagation.settle() }
            propagation.timestamp = change.timestamp
            let index = Int(change.offset)
            if index < lines.count, let line = lines[index] {
                line.update(change.value)
            }
        }
        propagation.settle()
    }

    /// Tells `record` how late each transaction of the last read (or expired debounce)
    /// ended, one per timestamp among its changes: the writes of the whole read went out
    /// together, once it had settled.
    private func recordLagOfChanges(_ record: (Duration) -> Void) {
        guard state == .running, !changes.isEmpty else { return }
        let end = loop.now
        var position = 0
        while position < changes.count {
            let timestamp = changes[position].timestamp
            if position == 0 || timestamp != changes[position - 1].timestamp {
                record(.nanoseconds(Int64(clamping: end &- min(end, timestamp))))
            }
            position += 1
        }
    }

    /// The time from `start` (the loop's clock) to now; zero, not a negative lag, for a
    /// start the clock has not reached.
    private func lag(since start: UInt64) -> Duration {
        let now = loop.now
        return .nanoseconds(Int64(clamping: now &- min(now, start)))
    }

    /// Sets a timer for the tracker's earliest deadline unless one is set for an
    /// earlier time. A timer that fires before the (since postponed) deadline finds
    /// nothing due and sets the next one: one wake-up instead of a cancellation per
    /// bounce.
    func scheduleDeadline(of requested: RequestedInputs) {
        guard requested.debouncesInSoftware, let deadline = requested.tracker.nextDeadline else { return }
        if let scheduled = requested.scheduledDeadline, scheduled <= deadline { return }
        requested.scheduledDeadline = deadline
        loop.schedule(atNanoseconds: deadline) { [weak self] in
            self?.deadlinePassed(requested, scheduled: deadline)
        }
    }

    // MARK: Writes

    /// Settles the transaction, then writes the outputs it touched: one `setValues` per
    /// output request, holding only the lines whose value changed.
    func writePendingOutputs() throws(EngineError) {
        propagation.settle()
        if !propagation.pendingPWMOutputs.isEmpty { try writePendingPWMOutputs() }
        if !propagation.pendingInterlocks.isEmpty {
            for interlock in propagation.pendingInterlocks { interlock.arbitrate() }
            propagation.pendingInterlocks.removeAll(keepingCapacity: true)
        }
        guard !propagation.pendingOutputs.isEmpty else { return }
        // The requests that got staged writes lie in `first...last` (usually one), so
        // committing does not walk every request.
        var first = Int.max
        var last = -1
        for line in propagation.pendingOutputs {
            line.isPending = false
            if requestedOutputs[line.requestIndex].stage(line) {
                first = min(first, line.requestIndex)
                last = max(last, line.requestIndex)
            }
        }
        // Emptied from the end: `removeAll(keepingCapacity:)` goes through a generic
        // `replaceSubrange` that cost more than the loop above (an event touches one or
        // a few outputs).
        while propagation.pendingOutputs.popLast() != nil {}
        // An event whose outputs settled back where they were writes nothing.
        guard first <= last else { return }
        for index in first...last {
            let requested = requestedOutputs[index]
            guard requested.hasStagedWrites else { continue }
            do {
                try requested.commit(at: propagation.timestamp) { line in
                    propagation.reportWrite(line, at: propagation.timestamp, cause: propagation.cause)
                }
            } catch {
                let first = requested.lines[0].declaration
                throw EngineError(.gpio(error, subject: "output '\(first.name)'"), at: first.location)
            }
            outputWrites += 1
        }
    }

    /// Ends a transaction: settles it and writes what it touched, unless it is part of a
    /// larger one (`transaction(_:)`), which does so when it ends.
    func writePendingOutputsOrFail() {
        guard propagation.openTransactions == 0 else { return }
        do {
            try writePendingOutputs()
        } catch {
            fail(error)
        }
    }

    // MARK: Lost events

    /// Counts what the read lost on each line, and adds the proven pulses to the
    /// counters of those lines, before the read's own changes: the dropped edges came
    /// before them.
    private func addLostPulses(_ requested: RequestedInputs) {
        propagation.timestamp = loop.now
        for loss in requested.tracker.losses {
            let index = Int(loss.offset)
            guard index < requested.lineAtOffset.count, let line = requested.lineAtOffset[index] else { continue }
            line.lost.losses += 1
            line.lost.edges &+= loss.edges ?? 0
            line.lost.pulses &+= loss.pulses
            let counting = counters.filter { $0.value.operand == line.name }.sorted { $0.key < $1.key }
            for (_, counter) in counting { counter.addLost(edges: loss.edges ?? 0, pulses: loss.pulses) }
            let names = counting.map { "counter \($0.key)" }.joined(separator: ", ")
            let dropped: String
            if let edges = loss.edges {
                let last = loss.firstMissing + edges - 1
                dropped = "the kernel dropped \(edges) edge\(edges == 1 ? "" : "s") (line sequence "
                    + (edges == 1 ? "\(loss.firstMissing)" : "\(loss.firstMissing) to \(last)") + ")"
            } else {
                dropped = "the kernel dropped at least one edge (its buffer was full)"
            }
            let outcome: String
            if counting.isEmpty {
                outcome = ""
            } else if loss.edges == nil {
                outcome = "; \(names) cannot tell how many pulses: its total may be low"
            } else if loss.pulses == 0, !requested.debouncesInSoftware(line) {
                outcome = "; no pulse among them for \(names)"
            } else if loss.pulses == 0 {
                outcome = "; \(names) adds none: the line is debounced in software, so they may have been bounces"
            } else {
                outcome = "; \(names) add\(counting.count == 1 ? "s" : "") \(loss.pulses) pulse\(loss.pulses == 1 ? "" : "s")"
            }
            logger.warning("input \(line.name): \(dropped)\(outcome) (\(line.lost.losses) loss\(line.lost.losses == 1 ? "" : "es") so far)",
                           metadata: [
                               "gpio_chip": "\(requested.chipName)",
                               "gpio_line": "\(line.name)",
                               "gpio_lost_edges": "\(loss.edges.map { "\($0)" } ?? "at least 1")",
                               "gpio_lost_pulses": "\(loss.pulses)",
                           ])
        }
    }

    private func logLostEvents(_ requested: RequestedInputs) {
        let statistics = requested.tracker.statistics
        let corrected = statistics.corrections - requested.correctionsSeen
        requested.gapsSeen = statistics.gaps
        requested.correctionsSeen = statistics.corrections
        let reason: String
        switch requested.tracker.lastGap {
        case .sequenceGap(let missing)?:
            reason = "the kernel dropped \(missing) event\(missing == 1 ? "" : "s")"
        case .repeatedEdge(let offset)?:
            let name = requested.lineAtOffset[Int(offset)].map { " (\($0.name))" } ?? ""
            reason = "two edges of the same kind in a row on line \(offset)\(name)"
        case .fullBuffer(let count)?:
            reason = "a read returned a full buffer of \(count) events"
        case nil:
            reason = "events were lost"
        }
        logger.warning(
            "lost events on \(requested.summary): \(reason); re-read the lines, \(corrected) level\(corrected == 1 ? "" : "s") corrected (\(statistics.gaps) gap\(statistics.gaps == 1 ? "" : "s") so far)",
            metadata: [
                "gpio_chip": "\(requested.chipName)",
                "gpio_lines": "\(requested.lines.map(\.name).joined(separator: ","))",
                "gpio_lost_gaps": "\(statistics.gaps)",
                "gpio_corrected": "\(corrected)",
            ])
    }
}

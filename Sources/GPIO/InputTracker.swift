/// Turns a request's edge events into level changes that are never wrong for long.
///
/// The kernel keeps a bounded buffer of events per request. When a burst fills it,
/// events are dropped: libgpiod v2's kernel interface drops the oldest and numbers
/// every event, libgpiod v1's drops the newest and numbers none. A daemon that only
/// toggles its idea of a line on each edge then holds the wrong level for good. The
/// tracker detects the gap and re-reads the lines:
///
/// - numbered events: a sequence number that does not follow the previous one;
/// - unnumbered events: two edges of the same kind in a row on one line, or a read that
///   returned as many events as the kernel buffer holds (the newest may be gone);
///
/// then it reads every line's level and reports the lines whose level differs from what
/// the events said. Each detection is counted in `statistics`, and what each read lost
/// is in `losses`, line by line (for counters: how many pulses went).
///
/// Inputs start from the level read when the tracker is made. Debounce modes the
/// backend cannot apply in the kernel are applied here, on the events' timestamps;
/// call `expireDeadlines(now:)` when `nextDeadline` passes.
///
/// ```swift
/// let tracker = try InputTracker(request: request, now: MonotonicClock.now())
/// // when poll() says fd is readable:
/// for change in try tracker.readable(fd, now: MonotonicClock.now()) {
///     print(change.offset, change.value)
/// }
/// ```
public final class InputTracker {
    /// A debounced, logical level change of one line.
    public struct Change: Hashable, Sendable {
        public var offset: UInt32
        public var value: Bool
        /// The kernel timestamp of the edge, or the time of the re-read or deadline that
        /// revealed the change.
        public var timestamp: UInt64

        public init(offset: UInt32, value: Bool, timestamp: UInt64) {
            self.offset = offset
            self.value = value
            self.timestamp = timestamp
        }
    }

    public struct Statistics: Hashable, Sendable {
        /// Edge events read from the backend.
        public var events = 0
        /// Times a loss of events was detected (each followed by a re-read).
        public var gaps = 0
        /// Lines whose re-read level differed from what the events had said.
        public var corrections = 0
    }

    /// Edges the kernel dropped on one line, and the rising edges (pulses) among them
    /// that the reported levels did not show.
    ///
    /// With numbered events the line's own sequence numbers say how many edges went:
    /// `edges` of them, numbered `firstMissing` to `firstMissing + edges - 1`. Edges
    /// alternate, so the rising ones the levels missed are known exactly: when the
    /// level the tracker held came from the line's previous event (or from the read at
    /// start, before the first), half the dropped edges rounded up (one rising edge may
    /// hide behind a dropped falling one); when it came from a correction after an
    /// earlier loss, which already took one change the events had not shown, half
    /// rounded down. With unnumbered events (libgpiod v1) only the loss is known:
    /// `edges` is nil, meaning at least one.
    ///
    /// A line debounced in software reports `pulses` 0: the dropped edges may have
    /// been bounces its debounce would have ignored, so none is proven.
    public struct LineLoss: Hashable, Sendable {
        public var offset: UInt32
        /// Edges dropped on the line; nil when only a loss is known (at least one).
        public var edges: UInt64?
        /// The line sequence number of the first dropped edge (0 when not numbered).
        public var firstMissing: UInt64
        /// Rising edges among them that the reported levels did not show.
        public var pulses: UInt64

        public init(offset: UInt32, edges: UInt64?, firstMissing: UInt64 = 0, pulses: UInt64 = 0) {
            self.offset = offset
            self.edges = edges
            self.firstMissing = firstMissing
            self.pulses = pulses
        }
    }

    /// Why the last re-read happened, for logs.
    public enum GapReason: Hashable, Sendable {
        /// A sequence number jumped: `missing` events were dropped.
        case sequenceGap(missing: UInt64)
        /// Two edges of the same kind in a row on `offset`.
        case repeatedEdge(offset: UInt32)
        /// A read returned a full kernel buffer.
        case fullBuffer(count: Int)
    }

    public let request: any InputRequest
    // What changes on every event is `@exclusivity(unchecked)`: a tracker is used by one
    // thread at a time (its owner's event loop), no access spans a call out, and the
    // dynamic checks cost more than the work they guard.
    @exclusivity(unchecked) public private(set) var statistics = Statistics()
    @exclusivity(unchecked) public private(set) var lastGap: GapReason?
    /// What the last read lost, line by line (empty when it lost nothing).
    @exclusivity(unchecked) public private(set) var losses: [LineLoss] = []

    private let offsets: [UInt32]
    /// Each line's position in `offsets`, indexed by offset; -1 for offsets not in the
    /// request. An array, not a dictionary: it is read for every event.
    private let positionAtOffset: [Int]
    @exclusivity(unchecked) private var debouncers: [Debouncer]
    @exclusivity(unchecked) private var lastGlobalSequence: UInt64 = 0
    /// Each line's last sequence number (numbered events), in `offsets` order.
    @exclusivity(unchecked) private var lastLineSequences: [UInt64]
    /// Whether each line's raw level is its last event's (or the level read at start,
    /// which precedes the first), rather than a correction's.
    @exclusivity(unchecked) private var levelFromEvent: [Bool]
    @exclusivity(unchecked) private var events: [EdgeEvent] = []

    /// Reads the lines' current levels: they are the starting values.
    ///
    /// - Parameter debounce: per offset. Only what the backend cannot do in the kernel
    ///   is applied here: all modes when `request.debouncesInKernel` is false, else the
    ///   modes other than `.stable` (the caller asks the kernel for `kernelPeriod`).
    public init(request: any InputRequest, debounce: [UInt32: Debounce] = [:],
                now: UInt64) throws(GPIOError) {
        self.request = request
        offsets = request.offsets
        var positions = [Int](repeating: -1, count: Int(offsets.max() ?? 0) + 1)
        for (position, offset) in offsets.enumerated() { positions[Int(offset)] = position }
        positionAtOffset = positions
        let levels = try request.values()
        let kernelDebounces = request.debouncesInKernel
        debouncers = zip(offsets, levels).map { offset, level in
            var software = debounce[offset] ?? .none
            if kernelDebounces && software.mode == .stable { software = .none }
            return Debouncer(software, level: level)
        }
        lastLineSequences = [UInt64](repeating: 0, count: offsets.count)
        levelFromEvent = [Bool](repeating: true, count: offsets.count)
        events.reserveCapacity(64)
    }

    /// The reported (debounced, logical) level of every line, in `request.offsets` order.
    public var levels: [Bool] { debouncers.map(\.reported) }

    /// The reported level of one line, or `nil` if it is not in this request.
    public func level(of offset: UInt32) -> Bool? {
        position(of: offset).map { debouncers[$0].reported }
    }

    @inline(__always)
    private func position(of offset: UInt32) -> Int? {
        let index = Int(offset)
        guard index < positionAtOffset.count else { return nil }
        let position = positionAtOffset[index]
        return position < 0 ? nil : position
    }

    /// The earliest software-debounce deadline, if any (same clock as the timestamps).
    public var nextDeadline: UInt64? {
        var earliest: UInt64?
        for debouncer in debouncers {
            if let due = debouncer.deadline, due < (earliest ?? .max) { earliest = due }
        }
        return earliest
    }

    /// Reads the events waiting on `fileDescriptor` and returns the level changes they
    /// cause, oldest first.
    public func readable(_ fileDescriptor: Int32, now: UInt64) throws(GPIOError) -> [Change] {
        var changes: [Change] = []
        try readable(fileDescriptor, now: now, into: &changes)
        return changes
    }

    /// As `readable(_:now:)`, appending to `changes`.
    public func readable(_ fileDescriptor: Int32, now: UInt64,
                         into changes: inout [Change]) throws(GPIOError) {
        events.removeAll(keepingCapacity: true)
        if !losses.isEmpty { losses.removeAll(keepingCapacity: true) }
        let count = try request.readEvents(from: fileDescriptor, into: &events)
        statistics.events += count
        var gap: GapReason?
        let numbered = request.numbersEvents
        for event in events {
            guard let position = position(of: event.offset) else { continue }
            if numbered {
                // The kernel numbers a request's events from 1.
                if event.globalSequence > lastGlobalSequence &+ 1 {
                    gap = .sequenceGap(missing: event.globalSequence - lastGlobalSequence - 1)
                }
                lastGlobalSequence = event.globalSequence
                let previous = lastLineSequences[position]
                if event.lineSequence > previous &+ 1 {
                    noteDroppedEdges(event.lineSequence - previous - 1, after: previous, at: position)
                }
                lastLineSequences[position] = event.lineSequence
            } else if debouncers[position].raw == event.edge.level, gap == nil {
                gap = .repeatedEdge(offset: event.offset)
                noteUnnumberedLoss(at: position)
            }
            levelFromEvent[position] = true
            if let level = debouncers[position].edge(to: event.edge.level, at: event.timestamp) {
                changes.append(Change(offset: event.offset, value: level, timestamp: event.timestamp))
            }
        }
        if gap == nil, !numbered, count > 0, count >= request.eventBufferCapacity {
            gap = .fullBuffer(count: count)
            // A libgpiod v1 descriptor carries one line's events.
            if let last = events.last, let position = position(of: last.offset) {
                noteUnnumberedLoss(at: position)
            }
        }
        if let gap {
            try recover(from: gap, now: now, into: &changes)
        }
    }

    /// Re-reads every line and reports those whose level differs from the events'
    /// account. The engine may also call it after a wake-up it cannot account for.
    public func resynchronize(now: UInt64, into changes: inout [Change]) throws(GPIOError) {
        let values = try request.values()
        for (position, value) in values.enumerated() where position < debouncers.count {
            guard debouncers[position].raw != value else { continue }
            statistics.corrections += 1
            levelFromEvent[position] = false
            if let level = debouncers[position].edge(to: value, at: now) {
                changes.append(Change(offset: offsets[position], value: level, timestamp: now))
            }
        }
    }

    /// Applies the software-debounce decisions due at `now`.
    public func expireDeadlines(now: UInt64, into changes: inout [Change]) {
        for position in debouncers.indices {
            if let level = debouncers[position].expire(at: now) {
                changes.append(Change(offset: offsets[position], value: level, timestamp: now))
            }
        }
    }

    public func expireDeadlines(now: UInt64) -> [Change] {
        var changes: [Change] = []
        expireDeadlines(now: now, into: &changes)
        return changes
    }

    private func noteDroppedEdges(_ edges: UInt64, after previous: UInt64, at position: Int) {
        // See `LineLoss` for why half, and which way it rounds.
        let pulses: UInt64
        if debouncers[position].period > 0 {
            pulses = 0
        } else if levelFromEvent[position] {
            pulses = (edges + 1) / 2
        } else {
            pulses = edges / 2
        }
        losses.append(LineLoss(offset: offsets[position], edges: edges, firstMissing: previous + 1, pulses: pulses))
    }

    private func noteUnnumberedLoss(at position: Int) {
        let offset = offsets[position]
        guard !losses.contains(where: { $0.offset == offset }) else { return }
        losses.append(LineLoss(offset: offset, edges: nil))
    }

    private func recover(from gap: GapReason, now: UInt64,
                         into changes: inout [Change]) throws(GPIOError) {
        statistics.gaps += 1
        lastGap = gap
        try resynchronize(now: now, into: &changes)
    }
}

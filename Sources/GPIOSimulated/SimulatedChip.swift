import Locks
import GPIO
import Loop

/// A simulated GPIO chip: the hardware side. Tests and `--simulate` move its inputs
/// (`set`, `toggle`, `pulse`, `bounce`) and read what requesters drive on its outputs
/// (`level(of:)`, `writes`); the daemon opens it through `SimulatedBackend` like any
/// other chip.
///
/// It behaves like the kernel's gpio-sim: each line has a pull (the level an external
/// switch or the requester's bias gives it); a requested output drives the line
/// instead; requesting an input with a bias sets the pull; events carry the clock's
/// timestamps and queue in a bounded buffer that drops events the way libgpiod's kernel
/// interfaces do (`EventNumbering`).
///
/// Its clock is an event loop's (`PosixEventLoop` under `--simulate`, the virtual-time
/// `EmbeddedEventLoop` in tests): event timestamps are the loop's `now`, and the ends of
/// pulses and bounces are the loop's timers, so call the methods that start them on the
/// loop's thread.
///
/// Each line keeps one queue of the changes asked of it, applied in the order given: a
/// pulse asked for while another runs starts when that one ends (both end at the level
/// the line had before the first), and `set`, `setActive`, `toggle` and `bounce` cancel
/// whatever remains of the pulses before them.
///
/// What it keeps is bounded, so that a simulation can run for as long as a daemon does:
/// at most `maximumQueuedPulses` pulses wait behind the running one on each line (a
/// pulse asked for beyond that is refused: `pulse` returns false and the line is left
/// as it was), and `writes` holds the last `writeHistory` output writes (`writeCount`
/// counts them all).
///
/// ```swift
/// let chip = SimulatedChip(name: "gpiochip0", label: "demo", lineNames: ["SW1", "LED"],
///                          clock: clock)
/// chip.set("SW1", high: false)          // close a switch to ground
/// chip.bounce("SW1", to: true, bounces: 3, every: .microseconds(200))
/// ```
public final class SimulatedChip: @unchecked Sendable {
    /// How requests on this chip number and drop events.
    public enum EventNumbering: Sendable {
        /// Like libgpiod v2: one buffer per request (default 16 events per line), events
        /// numbered, the oldest dropped when it is full.
        case numbered
        /// Like libgpiod v1: one 16-event buffer and descriptor per line, no numbers,
        /// the newest dropped when it is full.
        case unnumbered
    }

    /// One output write as the requester made it.
    public struct Write: Hashable, Sendable {
        public var offset: UInt32
        /// The logical value written.
        public var value: Bool
        /// The resulting physical level.
        public var level: Bool
        public var timestamp: UInt64
    }

    public let info: ChipInfo
    public let numbering: EventNumbering
    let clock: any EventLoop
    let lock = Lock()
    var lines: [SimulatedLine]
    /// How many pulses may wait on a line behind the one that runs.
    public static let maximumQueuedPulses = 64
    /// How many output writes `writes` keeps unless told otherwise.
    public static let defaultWriteHistory = 1024
    private var recordedWrites: WriteHistory
    /// What the next output write throws, if anything (under `lock`).
    var writeFailure: GPIOError?

    /// - Parameter writeHistory: how many of the latest output writes `writes` keeps.
    public init(name: String, label: String, lineNames: [String],
                numbering: EventNumbering = .numbered, writeHistory: Int = SimulatedChip.defaultWriteHistory,
                clock: any EventLoop) {
        info = ChipInfo(path: "/dev/\(name)", name: name, label: label, lineCount: lineNames.count)
        self.numbering = numbering
        self.clock = clock
        recordedWrites = WriteHistory(capacity: max(0, writeHistory))
        lines = lineNames.map { SimulatedLine(name: $0) }
    }

    public convenience init(name: String, label: String, lineCount: Int,
                            numbering: EventNumbering = .numbered,
                            writeHistory: Int = SimulatedChip.defaultWriteHistory, clock: any EventLoop) {
        self.init(name: name, label: label, lineNames: Array(repeating: "", count: lineCount),
                  numbering: numbering, writeHistory: writeHistory, clock: clock)
    }

    // MARK: The hardware side

    /// Drives a line's pull to a physical level, as a switch to ground or to the supply
    /// does. Ignored while a requester drives the line as an output.
    public func set(_ line: LineLocator, high: Bool) {
        guard let offset = offset(of: line) else { return }
        lock.withLock {
            cancelPulsesLocked(offset)
            lines[Int(offset)].held = false
            setPullLocked(offset, high)
        }
    }

    /// Wires a switch that holds a line at a physical level before anything requests it:
    /// a closed switch beats a pull, so the requester's bias does not move it (as
    /// `set(_:high:)`'s level would be). The next `set`, `setActive` or `toggle` moves it
    /// as usual.
    public func hold(_ line: LineLocator, high: Bool) {
        guard let offset = offset(of: line) else { return }
        lock.withLock {
            cancelPulsesLocked(offset)
            setPullLocked(offset, high)
            lines[Int(offset)].held = true
        }
    }

    /// `set` by offset or name: `chip.set("SW1", high: true)`, `chip.set("5", high: false)`.
    public func set(_ line: String, high: Bool) { set(LineLocator(line), high: high) }

    /// Sets a line to a logical value as its requester sees it (inverted for active-low
    /// inputs).
    public func setActive(_ line: LineLocator, _ active: Bool) {
        guard let offset = offset(of: line) else { return }
        lock.withLock {
            cancelPulsesLocked(offset)
            let activeLow = lines[Int(offset)].activeLow
            lines[Int(offset)].held = false
            setPullLocked(offset, active != activeLow)
        }
    }

    /// Inverts a line's pull.
    public func toggle(_ line: LineLocator) {
        guard let offset = offset(of: line) else { return }
        lock.withLock {
            cancelPulsesLocked(offset)
            lines[Int(offset)].held = false
            setPullLocked(offset, !lines[Int(offset)].pull)
        }
    }

    /// Inverts a line's pull for `duration`, then restores it. A pulse asked for while
    /// another runs on the line waits for it to end, unless `maximumQueuedPulses` already
    /// wait: then it is refused, and nothing changes.
    ///
    /// - Returns: whether the pulse runs or waits; false when refused (or there is no
    ///   such line).
    @discardableResult
    public func pulse(_ line: LineLocator, for duration: Duration) -> Bool {
        guard let offset = offset(of: line) else { return false }
        let outcome: Bool? = lock.withLock {
            if lines[Int(offset)].pulseRest != nil {
                guard lines[Int(offset)].queuedPulses.count < Self.maximumQueuedPulses else { return nil }
                lines[Int(offset)].queuedPulses.append(duration)
                return false
            }
            lines[Int(offset)].pulseRest = lines[Int(offset)].pull
            setPullLocked(offset, !lines[Int(offset)].pull)
            return true
        }
        guard let start = outcome else { return false }
        if start { schedulePulseEnd(offset, after: duration) }
        return true
    }

    /// The number of pulses asked of a line that have not ended yet (the running one
    /// included).
    public func pendingPulses(_ line: LineLocator) -> Int {
        guard let offset = offset(of: line) else { return 0 }
        return lock.withLock {
            let simulated = lines[Int(offset)]
            return simulated.pulseRest == nil ? 0 : 1 + simulated.queuedPulses.count
        }
    }

    private func schedulePulseEnd(_ offset: UInt32, after duration: Duration) {
        let generation = lock.withLock { lines[Int(offset)].pulseGeneration }
        clock.schedule(in: duration) { [self] in
            let next: Duration? = lock.withLock {
                // A set, toggle or bounce since then cancelled this pulse.
                guard lines[Int(offset)].pulseGeneration == generation,
                      let rest = lines[Int(offset)].pulseRest else { return nil }
                setPullLocked(offset, rest)
                guard !lines[Int(offset)].queuedPulses.isEmpty else {
                    lines[Int(offset)].pulseRest = nil
                    return nil
                }
                setPullLocked(offset, !rest)
                return lines[Int(offset)].queuedPulses.removeFirst()
            }
            if let next { schedulePulseEnd(offset, after: next) }
        }
    }

    private func cancelPulsesLocked(_ offset: UInt32) {
        lines[Int(offset)].pulseGeneration &+= 1
        lines[Int(offset)].pulseRest = nil
        lines[Int(offset)].queuedPulses.removeAll()
    }

    /// A contact closing or opening with bounce: the line goes to `high` now, then
    /// `bounces` times back and forth, one edge every `interval`, ending at `high`
    /// (1 + 2 × bounces edges in all, if the line was not already at `high`).
    public func bounce(_ line: LineLocator, to high: Bool, bounces: Int, every interval: Duration) {
        guard let offset = offset(of: line) else { return }
        let generation: UInt64 = lock.withLock {
            cancelPulsesLocked(offset)
            setPullLocked(offset, high)
            return lines[Int(offset)].pulseGeneration
        }
        for step in 0..<(2 * max(0, bounces)) {
            let level = step % 2 == 0 ? !high : high
            clock.schedule(in: interval * (step + 1)) { [self] in
                lock.withLock {
                    guard lines[Int(offset)].pulseGeneration == generation else { return }
                    setPullLocked(offset, level)
                }
            }
        }
    }

    /// Makes the next output write on this chip fail with `error`, as a line whose
    /// driver went away does: what a daemon must survive with its outputs safe.
    ///
    /// ```swift
    /// chip.failNextWrite(.system("GPIO_V2_LINE_SET_VALUES_IOCTL", errno: EIO, detail: "Input/output error"))
    /// ```
    public func failNextWrite(_ error: GPIOError) {
        lock.withLock { writeFailure = error }
    }

    /// The physical level of a line: what an output's requester drives, else its pull.
    public func level(of line: LineLocator) -> Bool? {
        guard let offset = offset(of: line) else { return nil }
        return lock.withLock { lines[Int(offset)].level }
    }

    /// Who holds a line, or `nil` when it is free.
    public func consumer(of line: LineLocator) -> String? {
        guard let offset = offset(of: line) else { return nil }
        return lock.withLock { lines[Int(offset)].consumer }
    }

    /// The latest output writes (at most the chip's `writeHistory` of them) since the
    /// chip was made or since `clearWrites()`, oldest first.
    public var writes: [Write] { lock.withLock { recordedWrites.writes } }

    /// How many output writes there were since the chip was made or since
    /// `clearWrites()`, including those `writes` no longer holds.
    public var writeCount: Int { lock.withLock { recordedWrites.count } }

    public func clearWrites() { lock.withLock { recordedWrites.removeAll() } }

    /// The offset of a line by offset, name or header pin (on a Raspberry Pi header
    /// controller), or `nil` if there is none.
    public func offset(of line: LineLocator) -> UInt32? {
        switch line {
        case .offset(let offset):
            return offset < lines.count ? offset : nil
        case .name(let name):
            return lines.firstIndex { $0.name == name }.map(UInt32.init)
        case .headerPin(let pin):
            return try? PinHeader.raspberryPi.offset(ofPin: pin, on: info)
        }
    }

    // MARK: Used by the requests (under the lock)

    func setPullLocked(_ offset: UInt32, _ high: Bool) {
        let before = lines[Int(offset)].level
        lines[Int(offset)].pull = high
        levelChangedLocked(offset, from: before)
    }

    func driveLocked(_ offset: UInt32, value: Bool) {
        let before = lines[Int(offset)].level
        let level = value != lines[Int(offset)].activeLow
        lines[Int(offset)].driven = level
        recordedWrites.append(Write(offset: offset, value: value, level: level, timestamp: clock.now))
        levelChangedLocked(offset, from: before)
    }

    private func levelChangedLocked(_ offset: UInt32, from before: Bool) {
        let line = lines[Int(offset)]
        guard line.level != before, let request = line.inputRequest else { return }
        let active = line.level != line.activeLow
        request.queueLocked(offset: offset, edge: active ? .rising : .falling, timestamp: clock.now)
    }
}

/// The state of one simulated line, guarded by its chip's lock.
struct SimulatedLine {
    var name: String
    var pull = false
    /// A switch holds the pull (`SimulatedChip.hold`): a requester's bias leaves it.
    var held = false
    var driven: Bool?
    var consumer: String?
    var direction = Direction.input
    var activeLow = false
    var bias = Bias.asIs
    var drive = Drive.pushPull
    weak var inputRequest: SimulatedInputRequest?
    /// The pull a running pulse ends at, nil when no pulse runs.
    var pulseRest: Bool?
    /// Pulses asked for while one runs, in order; at most
    /// `SimulatedChip.maximumQueuedPulses`.
    var queuedPulses: [Duration] = []
    /// Bumped by every change that cancels pending pulses (and bounces).
    var pulseGeneration: UInt64 = 0

    init(name: String) { self.name = name }

    var level: Bool { driven ?? pull }
}

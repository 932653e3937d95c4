import Clock
import Config
import Logging
import Loop
import Values

/// The graph's times of day (`between:`, `at:`) and the wall clock they follow.
///
/// Each time signal arms one wall-clock timer at its next boundary and nothing else: an
/// idle graph does no work between boundaries, whatever the number of them. When the
/// clock is set (NTP's first step at boot, a person's `date -s`) or becomes synchronized,
/// the loop says so (`EventLoop.watchWallClock`) and every time signal is evaluated
/// again, in one transaction.
///
/// Until the clock is trusted (`ClockDeclaration.Trust`: the kernel calls it
/// synchronized, or `trust: always`), a window is at its fallback and an `at:` does not
/// fire. An `at:` owes only the firings after the last instant the graph looked at the
/// trusted clock: a forward step past one fires it once, late, and logs by how much; a
/// step back never fires one of the same day again.
///
/// Loop thread only, as the rest of the graph.
final class TimeSignals {
    private let clock: ClockDeclaration
    private let loop: any EventLoop
    private let timers: GraphTimers
    private let logger: Logger
    private var windows: [TimeWindow] = []
    private var moments: [TimeMoment] = []
    private var periods: [TimePeriod] = []
    private(set) var isTrusted: Bool
    private var watching = false

    /// - Parameter trusted: the engine a reload replaces trusted the clock: it stays
    ///   trusted.
    init(clock: ClockDeclaration, trusted: Bool = false, loop: any EventLoop, timers: GraphTimers, logger: Logger) {
        self.clock = clock
        self.loop = loop
        self.timers = timers
        self.logger = logger
        isTrusted = trusted || clock.trust == .always || loop.isWallClockSynchronized
    }

    /// `between:`: its value now, and its next boundary armed.
    func addWindow(_ window: DailyWindow, fallback: Bool, into signal: Signal) {
        let node = TimeWindow(window: window, fallback: fallback, signal: signal, owner: self)
        windows.append(node)
        signal.time = node
        watch()
        node.evaluate()
    }

    /// `at:`: armed at its next firing; nothing is owed for the times before now.
    func addMoment(_ moment: DailyMoment, into signal: Signal) {
        let node = TimeMoment(moment: moment, signal: signal, owner: self, coveredUntil: now)
        moments.append(node)
        signal.time = node
        watch()
        node.evaluate()
    }

    /// `period:` on a counter: its period found once the clock is trusted, and a timer at
    /// its end.
    func addPeriod(_ period: CalendarPeriod, of counter: Counter) -> TimePeriod {
        let node = TimePeriod(period: period, counter: counter, owner: self)
        periods.append(node)
        watch()
        node.evaluate()
        return node
    }

    // MARK: The clock

    var zone: TimeZoneRules { clock.zone }
    var place: Place? { clock.place }
    var now: Int64 { WallTime.seconds(loop.wallClockNow) }

    func schedule(atSecond instant: Int64, _ body: @escaping () -> Void) -> LoopTimer {
        timers.schedule(atWallClock: instant.multipliedReportingOverflow(by: 1_000_000_000).overflow
                            ? .max : instant * 1_000_000_000, body)
    }

    /// Watches the clock once there is a time signal: its steps and synchronization.
    private func watch() {
        guard !watching else { return }
        watching = true
        if !isTrusted {
            logger.notice("the system clock is not synchronized yet: time signals wait for it (between: at its fallback, at: not fired)")
        }
        timers.watchWallClock { [weak self] change in self?.clockChanged(change) }
    }

    private func clockChanged(_ change: WallClockChange) {
        switch change {
        case .set:
            break
        case .synchronized:
            guard !isTrusted else { return }
            isTrusted = true
            logger.notice("the system clock is synchronized: time signals follow it (\(clock.zone.name))")
        case .unsynchronized:
            // Once trusted, the clock stays trusted: a daemon that stopped disciplining it
            // leaves it as good as it was.
            return
        }
        for window in windows { window.evaluate() }
        for moment in moments { moment.evaluate() }
        for period in periods { period.evaluate() }
    }

    func lateFiring(_ signal: Signal, by seconds: Int64) {
        let what = ConfigText.expression(signal.declaration.expression)
        logger.notice("signal \(signal.name) fired \(ReadableDuration.format(.seconds(seconds))) late: the system clock was set forward past \(what)")
    }
}

/// What `why` says of a time signal, after its value.
protocol TimeRule: AnyObject {
    var state: String { get }
}

extension TimeSignals: TimedNode {
    func cancelTimers() {
        for window in windows { window.cancel() }
        for moment in moments { moment.cancel() }
        for period in periods { period.cancel() }
    }
}

import Clock
import Config
import Loop
import Values

/// `period:` on a counter in a running graph: one timer at the end of the local period
/// the total counts, which starts the next period from 0.
///
/// While the clock is not trusted nothing rolls over. A period rolls over once, whatever
/// the steps: forward past one or several ends, the total of the period it counted is the
/// last period's; back before the period's start, nothing changes.
final class TimePeriod: TimeRule {
    let period: CalendarPeriod
    private unowned let counter: Counter
    private unowned let owner: TimeSignals
    private var timer: LoopTimer?

    init(period: CalendarPeriod, counter: Counter, owner: TimeSignals) {
        self.period = period
        self.counter = counter
        self.owner = owner
    }

    func evaluate() {
        cancel()
        guard owner.isTrusted else { return }
        let now = owner.now
        let current = period.bounds(containing: now, in: owner.zone)
        if let start = counter.periodStart {
            if current.lowerBound > start { counter.startPeriod(at: current.lowerBound) }
        } else {
            // The total's value stays: its period is news only to what keeps and shows it.
            counter.periodStart = current.lowerBound
            counter.node.announceAgain()
        }
        let counting = period.bounds(containing: max(now, counter.periodStart ?? now), in: owner.zone)
        timer = owner.schedule(atSecond: counting.upperBound) { [weak self] in self?.evaluate() }
    }

    func cancel() {
        timer?.cancel()
        timer = nil
    }

    /// `instant` in local time with its offset, `2026-06-21T00:00:00+02:00`.
    func isoText(of instant: Int64) -> String { owner.zone.iso8601(at: instant) }

    var state: String {
        guard owner.isTrusted, let start = counter.periodStart else {
            return "the \(period.rawValue) waits: the system clock is not synchronized yet"
        }
        var text = "this \(period.rawValue) since \(owner.zone.localDateTime(at: start))"
        if let last = counter.lastPeriodTotal {
            text += "; the last \(period.rawValue): \(NodeValue.number(last, counter.node.unit).text(precision: counter.node.precision))"
        }
        return text
    }
}

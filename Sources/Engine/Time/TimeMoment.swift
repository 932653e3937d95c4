import Clock
import Loop

/// `at: TIME` in a running graph: one activation per day it applies, at its time, from
/// one timer at the next firing.
///
/// `coveredUntil` is the last second of the trusted wall clock the graph has looked at:
/// firings up to it are done (or were before the start, or while the clock was not
/// trusted). A firing after it and at or before now is owed, and fires once, late when a
/// step jumped over it; `lastFired` keeps a step back from firing one day twice.
final class TimeMoment: TimeRule {
    let moment: DailyMoment
    private unowned let signal: Signal
    private unowned let owner: TimeSignals
    private var timer: LoopTimer?
    private var coveredUntil: Int64
    private var lastFired: CivilDate?
    private var next: MomentFiring?
    /// Whether the clock was trusted when it last looked: the firings while it was not
    /// are not owed once it is.
    private var wasTrusted = false

    init(moment: DailyMoment, signal: Signal, owner: TimeSignals, coveredUntil: Int64) {
        self.moment = moment
        self.signal = signal
        self.owner = owner
        self.coveredUntil = coveredUntil
    }

    /// Fires what is owed, then arms the timer at the next firing.
    func evaluate() {
        cancel()
        let now = owner.now
        guard owner.isTrusted else {
            coveredUntil = max(coveredUntil, now)
            wasTrusted = false
            next = nil
            return
        }
        if !wasTrusted {
            coveredUntil = max(coveredUntil, now)
            wasTrusted = true
        }
        if let owed = moment.latest(atOrBefore: now, in: owner.zone, at: owner.place),
           owed.instant > coveredUntil, owed.date != lastFired {
            lastFired = owed.date
            if now - owed.instant >= 1 { owner.lateFiring(signal, by: now - owed.instant) }
            signal.activate()
        }
        coveredUntil = max(coveredUntil, now)
        next = moment.next(after: now, in: owner.zone, at: owner.place)
        if let next {
            timer = owner.schedule(atSecond: next.instant) { [weak self] in self?.evaluate() }
        }
    }

    func cancel() {
        timer?.cancel()
        timer = nil
    }

    var state: String {
        guard owner.isTrusted else { return "waits: the system clock is not synchronized yet" }
        guard let next else { return "" }
        return "next at \(owner.zone.localDateTime(at: next.instant)) (\(owner.zone.name))"
    }
}

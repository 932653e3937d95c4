/// Warnings that can come in floods (junk payloads on a topic, a publisher that flaps),
/// kept to a few lines: the first warning of each key is logged, the repeats that follow
/// within `period` are only counted, and when the period ends the count is logged as one
/// summary ("ignored 9999 more payloads on T in the last 60 s"). A flood that goes on
/// gets one summary a period; a key that stayed quiet for a whole period is forgotten, so
/// its next warning is logged in full again. Under journald's rate limit, lines that
/// matter (changes) are then not lost among repeats.
///
/// Pure: times are passed in (nanoseconds on the caller's clock) and nothing is logged
/// here. The caller logs what `note` lets through, and calls `summaries(now:)` when
/// `nextDeadline` has passed (a loop timer) and `remaining()` when it stops.
///
/// ```swift
/// var warnings = RepeatedWarnings<String>()
/// if warnings.note(topic, now: loop.now) {
///     logger.warning("ignoring '\(payload)' on \(topic)")
/// }
/// // at warnings.nextDeadline:
/// for summary in warnings.summaries(now: loop.now) {
///     logger.warning("ignored \(summary.count) more payloads on \(summary.key) in the last \(summary.seconds) s")
/// }
/// ```
///
/// Memory follows the keys warned about within the last period: keep keys to a bounded
/// set (topics of the config, names of inputs), not to what a message says.
struct RepeatedWarnings<Key: Hashable> {
    /// The repeats of one key counted over one period.
    struct Summary: Hashable {
        let key: Key
        /// Warnings counted and not logged.
        let count: Int
        /// Nanoseconds from the logged warning (or the last summary) to now.
        let elapsed: UInt64

        /// `elapsed` in whole seconds, rounded.
        var seconds: UInt64 { (elapsed + 500_000_000) / 1_000_000_000 }
    }

    /// How long repeats are counted before their summary: 60 s by default.
    let period: UInt64
    private var windows: [Key: (start: UInt64, repeats: Int)] = [:]

    init(period: UInt64 = 60_000_000_000) {
        precondition(period > 0, "RepeatedWarnings: the period must be positive")
        self.period = period
    }

    /// A warning of `key` at `now`: true when it is to be logged (the first of its key, or
    /// the first after its key was forgotten); false when it is counted for the summary.
    mutating func note(_ key: Key, now: UInt64) -> Bool {
        if windows[key] != nil {
            windows[key]!.repeats += 1
            return false
        }
        windows[key] = (now, 0)
        return true
    }

    /// The summaries due at `now`: each key whose period has ended with repeats counted
    /// (its count starts again for one more period); keys whose period ended without one
    /// are forgotten. In the order of their keys' first warnings' times.
    mutating func summaries(now: UInt64) -> [Summary] {
        var due: [Summary] = []
        for (key, window) in windows where now &- window.start >= period {
            if window.repeats > 0 {
                due.append(Summary(key: key, count: window.repeats, elapsed: now &- window.start))
                windows[key] = (now, 0)
            } else {
                windows[key] = nil
            }
        }
        return due.sorted { $0.elapsed > $1.elapsed }
    }

    /// Every count not yet summarised, whatever its period (the caller stops), and forgets
    /// every key.
    mutating func remaining(now: UInt64) -> [Summary] {
        let left = windows.compactMap { key, window in
            window.repeats > 0 ? Summary(key: key, count: window.repeats, elapsed: now &- window.start) : nil
        }
        windows = [:]
        return left.sorted { $0.elapsed > $1.elapsed }
    }

    /// When `summaries(now:)` has something to do next: the end of the earliest period;
    /// nil when no key is tracked.
    var nextDeadline: UInt64? {
        windows.values.map { $0.start &+ period }.min()
    }
}

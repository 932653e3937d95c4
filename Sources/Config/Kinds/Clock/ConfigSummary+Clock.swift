import Clock

/// The `clock:` block of `gpioagg check`: the zone, the place, the trust, and when each
/// time signal next changes, as local date-times from `now`.
extension ConfigSummary {
    /// Whether `check` shows the clock: the config has a `clock:` section or a time signal.
    static func showsClock(_ configuration: Configuration) -> Bool {
        configuration.clock.location != nil || !timeSignals(of: configuration).isEmpty
    }

    /// The `between:` and `at:` signals, in the order they are built.
    static func timeSignals(of configuration: Configuration) -> [SignalDeclaration] {
        configuration.signals.filter {
            switch $0.expression {
            case .between, .at: true
            default: false
            }
        }
    }

    /// The zone, place and trust; given `now` (seconds since the epoch), one row per time
    /// signal: its next start and end, or next firing, and a warning when the place has
    /// days the sun does not rise or set in `now`'s year.
    static func clockRows(of configuration: Configuration, now: Int64?, row: (String, String) -> String) -> [String] {
        let clock = configuration.clock
        let zone = clock.zone
        var rows = [row("zone", zoneText(clock))]
        if let place = clock.place { rows.append(row("place", placeText(place))) }
        rows.append(row("trust", clock.trust == .always
            ? "always (a real-time clock keeps the time)"
            : "synchronized (time signals wait until the kernel calls the system clock synchronized)"))
        // With no zone read there is no local time to show, and no time signal to time.
        guard let now, clock.zoneOrigin != .unread else { return rows }
        rows.append(row("now", localText(now, in: zone)))
        for signal in timeSignals(of: configuration) {
            switch signal.expression {
            case .between(let window, _):
                rows.append(row(signal.name, windowText(window, now: now, clock: clock)))
            case .at(let moment):
                let next = moment.next(after: now, in: zone, at: clock.place)
                rows.append(row(signal.name, next.map { "next at " + localText($0.instant, in: zone) }
                    ?? "never fires in the coming week"))
            default:
                continue
            }
        }
        if let place = clock.place, let warning = polarWarning(place, year: zone.localDateTime(at: now).date.year) {
            rows.append("  warning: " + warning)
        }
        return rows
    }

    /// `Europe/Berlin`, `Europe/Berlin (the system's)`.
    static func zoneText(_ clock: ClockDeclaration) -> String {
        switch clock.zoneOrigin {
        case .named: clock.zone.name
        case .system: "\(clock.zone.name) (the system's)"
        case .unread: "the system's (read when a time signal needs it)"
        }
    }

    /// `52.52° N, 13.405° E`.
    static func placeText(_ place: Place) -> String {
        let north = ConfigText.decimal(abs(place.latitude)) + "° " + (place.latitude < 0 ? "S" : "N")
        let east = ConfigText.decimal(abs(place.longitude)) + "° " + (place.longitude < 0 ? "W" : "E")
        return north + ", " + east
    }

    /// `2026-12-01 16:03:12 CET`.
    static func localText(_ instant: Int64, in zone: TimeZoneRules) -> String {
        "\(zone.localDateTime(at: instant)) \(zone.localTimeType(at: instant).abbreviation)"
    }

    /// `on now until ...; next from ... to ...`, or `next from ... to ...`: the windows
    /// as they start, day by day, the first that has not ended by `now` and, when that
    /// one holds `now`, the one after it.
    static func windowText(_ window: DailyWindow, now: Int64, clock: ClockDeclaration) -> String {
        let zone = clock.zone
        let today = zone.localDateTime(at: now).date
        var found: [Range<Int64>] = []
        // A window starting two days back may still be on (sun offsets reach 12 hours);
        // a polar night leaves a sunrise-to-sunset window off for weeks, so look a year on.
        // Days whose windows touch are one stretch: in the midnight sun [sunrise, sunset]
        // fills each date, and is on until the sun sets again, not until midnight.
        for day in -2...400 {
            guard let occurrence = window.occurrence(startingOn: today.adding(days: day), in: zone, at: clock.place),
                  occurrence.upperBound > now else { continue }
            if let last = found.last, occurrence.lowerBound <= last.upperBound {
                found[found.count - 1] = last.lowerBound..<max(last.upperBound, occurrence.upperBound)
                continue
            }
            let wanted = found.first.map { $0.lowerBound <= now ? 2 : 1 } ?? 1
            if found.count >= wanted { break }
            found.append(occurrence)
        }
        func span(_ range: Range<Int64>) -> String {
            "from " + localText(range.lowerBound, in: zone) + " to " + localText(range.upperBound, in: zone)
        }
        guard let first = found.first else { return "does not start within a year" }
        guard first.lowerBound <= now else { return "next " + span(first) }
        let on = "on now until " + localText(first.upperBound, in: zone)
        return found.count == 2 ? on + "; next " + span(found[1]) : on
    }

    /// What a place beyond the polar circles is told: how many days of `year` the sun
    /// does not rise or does not set, and the rule times of day follow then.
    static func polarWarning(_ place: Place, year: Int) -> String? {
        let days = place.polarDays(in: year)
        guard !days.isEmpty else { return nil }
        var parts: [String] = []
        if days.sunStaysAbove > 0 { parts.append("does not set on \(days.sunStaysAbove) day\(days.sunStaysAbove == 1 ? "" : "s")") }
        if days.sunStaysBelow > 0 { parts.append("does not rise on \(days.sunStaysBelow) day\(days.sunStaysBelow == 1 ? "" : "s")") }
        return "at \(placeText(place)) the sun " + parts.joined(separator: " and ") + " of \(year): "
            + "on those days sunrise and sunset follow docs/CONFIG.md's rule "
            + "(\"Times of day\", where the sun does not rise or set)"
    }
}

import Clock
import Config
import Values

extension Engine {
    /// The clock for `status`, when the config has a `clock:` section or a time signal:
    /// its zone, whether the kernel calls it synchronized and whether time signals follow
    /// it yet, the local time, and today's sunrise and sunset where a place is set.
    func clockStatus() -> ClockStatus? {
        let clock = configuration.clock
        guard clock.location != nil || time != nil else { return nil }
        let synchronized = loop.isWallClockSynchronized
        let now = WallTime.seconds(loop.wallClockNow)
        let trusted = time?.isTrusted ?? (clock.trust == .always || synchronized)
        return Self.clockStatus(clock, now: now, synchronized: synchronized, trusted: trusted)
    }

    /// The clock's status at `now` (seconds since the epoch).
    /// Without `timezone:` and a time signal, no zone was read: the zone is the system's,
    /// unnamed, and there is no local time to show.
    static func clockStatus(_ clock: ClockDeclaration, now: Int64, synchronized: Bool, trusted: Bool) -> ClockStatus {
        guard clock.zoneOrigin != .unread else {
            return ClockStatus(zone: "not read, no time signal needs it", isSystemZone: true,
                               isSynchronized: synchronized, isTrusted: trusted)
        }
        let zone = clock.zone
        let local = zone.localDateTime(at: now)
        var status = ClockStatus(
            zone: zone.name, isSystemZone: clock.zoneOrigin == .system, isSynchronized: synchronized, isTrusted: trusted,
            localTime: "\(local) \(zone.localTimeType(at: now).abbreviation)")
        if let place = clock.place {
            func sunTime(_ event: SunEvent) -> ClockStatus.SunTime {
                switch place.crossing(event, on: local.date) {
                case .at(let instant):
                    let time = zone.localDateTime(at: instant)
                    return .at(String(time.description.split(separator: " ").last ?? ""))
                case .staysAbove: return .staysUp
                case .staysBelow: return .staysDown
                }
            }
            status.sunrise = sunTime(.sunrise)
            status.sunset = sunTime(.sunset)
        }
        return status
    }
}

import Clock

/// `clock:`: the time zone local times of day are in, the place sun events are reckoned
/// for, and whether time signals wait for the kernel to call the system clock
/// synchronized.
///
/// ```yaml
/// clock:
///   timezone: Europe/Berlin     # an IANA name; default: the system's (/etc/localtime)
///   latitude: 52.52             # for sunrise and sunset; both or neither
///   longitude: 13.405
///   trust: always               # a board with a real-time clock
/// ```
public struct ClockDeclaration: Hashable, Sendable {
    /// When the system clock is good enough for times of day.
    public enum Trust: String, CaseIterable, Hashable, Sendable {
        /// Once the kernel says it is synchronized (NTP, or a person's `timedatectl`):
        /// until then `between:` is at its fallback, `at:` does not fire and periods do
        /// not roll over. A Raspberry Pi without a real-time clock boots with the time it
        /// last saved.
        case synchronized
        /// Always: a board whose real-time clock keeps the time across power cuts.
        case always
    }

    /// Where the zone came from.
    public enum ZoneOrigin: Hashable, Sendable {
        /// `timezone:` names it.
        case named
        /// The system's (`/etc/localtime`), read because a time of day needs it.
        case system
        /// Neither: no time of day needs a zone, and UTC stands in unused.
        case unread
    }

    /// The zone; the system's when `timezone:` is absent.
    public var zone: TimeZoneRules
    /// Whether `timezone:` named the zone or it is the system's.
    public var zoneOrigin: ZoneOrigin
    /// Where sun events are reckoned; nil without `latitude:` and `longitude:`.
    public var place: Place?
    public var trust: Trust
    /// Where `clock:` was written; nil when the config has none.
    public var location: SourceLocation?

    public init(zone: TimeZoneRules = .utc, zoneOrigin: ZoneOrigin = .named, place: Place? = nil,
                trust: Trust = .synchronized, location: SourceLocation? = nil) {
        self.zone = zone
        self.zoneOrigin = zoneOrigin
        self.place = place
        self.trust = trust
        self.location = location
    }
}

/// The clock as `status` shows it, when the config has a `clock:` section or a time
/// signal: the zone, whether the kernel calls the wall clock synchronized, whether time
/// signals follow it yet, and today's sunrise and sunset where a place is set. Times are
/// local and written for people, so that the control socket needs no zone rules.
///
/// ```swift
/// ClockStatus(zone: "Europe/Berlin", isSynchronized: true, isTrusted: true,
///             sunrise: .at("08:01:12"), sunset: .at("16:01:40"))
/// ```
public struct ClockStatus: Hashable, Sendable {
    /// When the sun passes the horizon today.
    public enum SunTime: Hashable, Sendable {
        /// A local time of day, `08:01:12`.
        case at(String)
        /// It stays above the horizon all day (the midnight sun).
        case staysUp
        /// It stays below all day (the polar night).
        case staysDown
    }

    /// `Europe/Berlin`.
    public var zone: String
    /// Whether `zone` is the system's (`/etc/localtime`) rather than the config's `timezone:`.
    public var isSystemZone: Bool
    /// Whether the kernel calls the wall clock synchronized now.
    public var isSynchronized: Bool
    /// Whether time signals follow the clock yet (synchronized once, or `trust: always`).
    public var isTrusted: Bool
    /// The local date and time now, `2026-12-01 23:30:00 CET`.
    public var localTime: String?
    /// Today's sunrise and sunset; nil without a place.
    public var sunrise: SunTime?
    public var sunset: SunTime?

    public init(zone: String, isSystemZone: Bool = false, isSynchronized: Bool, isTrusted: Bool,
                localTime: String? = nil, sunrise: SunTime? = nil, sunset: SunTime? = nil) {
        self.zone = zone
        self.isSystemZone = isSystemZone
        self.isSynchronized = isSynchronized
        self.isTrusted = isTrusted
        self.localTime = localTime
        self.sunrise = sunrise
        self.sunset = sunset
    }
}

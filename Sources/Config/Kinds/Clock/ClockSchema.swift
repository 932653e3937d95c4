/// `clock: { timezone, latitude, longitude, trust }`: the zone and place of times of day.
enum ClockSchema: ConfigSchema {
    static let title = "the clock: section"
    static let section = "clock"
    static let documentedUnder = ["## Times of day"]
    static let example = "timezone: Europe/Berlin"
    static let keys = [
        ConfigKey("timezone", "Europe/Berlin", "the IANA time zone of every time of day (default: the system's)"),
        ConfigKey("latitude", "52.52", "where sun events are reckoned: degrees north (south below 0)"),
        ConfigKey("longitude", "13.405", "degrees east (west below 0)"),
        ConfigKey("trust", "always", "synchronized (default): wait for NTP; always: a board with a real-time clock"),
    ]
}

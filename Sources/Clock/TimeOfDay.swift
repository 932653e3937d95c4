/// A time of day as the config writes it: a wall-clock time (`"06:30"`, `"23:00:15"`)
/// or a sun event with an optional offset (`sunset`, `"sunset+15m"`, `"sunrise-1h30m"`,
/// `"dusk+90s"`). An offset shifts the sun's instant: `sunrise-1h` is an hour before
/// the sun rises, whatever the clock says.
///
/// ```swift
/// try TimeOfDay(parsing: "06:30")          // .clock(secondOfDay: 23400)
/// try TimeOfDay(parsing: "sunset+15m")     // .sun(.sunset, offset: 900)
/// try TimeOfDay(parsing: "24:00")          // error: the hour is 24: give 00 to 23
/// ```
public enum TimeOfDay: Hashable, Sendable, CustomStringConvertible {
    /// Seconds after local midnight, 0 to 86399.
    case clock(secondOfDay: Int)
    /// A sun event, shifted by `offset` seconds (negative: earlier).
    case sun(SunEvent, offset: Int)

    /// The largest offset from a sun event: 12 hours. Beyond it the time would fall on
    /// another day than the event, and a clock time says what is meant.
    public static let largestSunOffset = 12 * 3600

    /// Whether the time needs a place (latitude and longitude) to be worked out.
    public var needsPlace: Bool {
        if case .sun = self { return true }
        return false
    }

    /// The instant this time falls on for the local `date` in `zone`; a sun event at
    /// `place` by `Place.time(of:on:in:)`'s rule (defined on every day, polar ones
    /// included). Nil only for a sun event with no place.
    public func instant(on date: CivilDate, in zone: TimeZoneRules, at place: Place?) -> Int64? {
        switch self {
        case .clock(let secondOfDay):
            return zone.instant(of: date, secondOfDay: secondOfDay)
        case .sun(let event, let offset):
            guard let place else { return nil }
            return place.time(of: event, on: date, in: zone) + Int64(offset)
        }
    }

    /// As the config writes it: `06:30`, `06:30:15`, `sunset`, `sunrise-1h30m`.
    public var description: String {
        switch self {
        case .clock(let secondOfDay):
            let hhmm = CivilDate.padded(secondOfDay / 3600, 2) + ":" + CivilDate.padded(secondOfDay / 60 % 60, 2)
            return secondOfDay % 60 == 0 ? hhmm : hhmm + ":" + CivilDate.padded(secondOfDay % 60, 2)
        case .sun(let event, let offset):
            guard offset != 0 else { return event.rawValue }
            let size = abs(offset)
            var text = event.rawValue + (offset < 0 ? "-" : "+")
            if size >= 3600 { text += "\(size / 3600)h" }
            if size % 3600 >= 60 { text += "\(size % 3600 / 60)m" }
            if size % 60 != 0 { text += "\(size % 60)s" }
            return text
        }
    }
}

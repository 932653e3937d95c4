import Clock

/// A local time in a zone as the wall clock a test sets: nanoseconds since 1970.
///
/// ```swift
/// loop.setWallClock(to: try LocalWallTime.nanoseconds("2026-03-28 22:00", in: "Europe/Berlin"))
/// ```
public enum LocalWallTime {
    /// `local` written `YYYY-MM-DD HH:MM`, in `zone` (a tz database name); a malformed
    /// text stops the test.
    public static func nanoseconds(_ local: String, in zone: String) throws -> Int64 {
        let parts = local.split(separator: " ")
        let date = parts[0].split(separator: "-").compactMap { Int($0) }
        let time = parts.count == 2 ? parts[1].split(separator: ":").compactMap { Int($0) } : []
        precondition(date.count == 3 && time.count == 2, "write the local time as YYYY-MM-DD HH:MM, not '\(local)'")
        let civil = try CivilDate(year: date[0], month: date[1], day: date[2])
        let rules = try TimeZoneRules.named(zone)
        return rules.instant(of: LocalDateTime(date: civil, hour: time[0], minute: time[1])) * 1_000_000_000
    }
}

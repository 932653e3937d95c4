/// What a zone's clocks read during one stretch of time: the offset from UTC, whether
/// it is daylight saving time, and its abbreviation (`CEST`, `EST`, `+0530` style names
/// are kept as the file gives them).
public struct LocalTimeType: Hashable, Sendable {
    /// Seconds east of UTC: 3600 for CET, -18000 for EST.
    public let utcOffset: Int
    public let isDaylightSaving: Bool
    public let abbreviation: String

    public init(utcOffset: Int, isDaylightSaving: Bool, abbreviation: String) {
        self.utcOffset = utcOffset
        self.isDaylightSaving = isDaylightSaving
        self.abbreviation = abbreviation
    }
}

/// One firing of a daily moment: the local date it belongs to and its instant. The
/// engine keeps the date of the last firing so that a day's moment fires once, even
/// when it is fired late.
public struct MomentFiring: Hashable, Sendable {
    public let date: CivilDate
    public let instant: Int64

    public init(date: CivilDate, instant: Int64) {
        self.date = date
        self.instant = instant
    }
}

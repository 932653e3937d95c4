extension Place {
    /// When the sun passes `event`'s height on `date`, whose midnight is taken in UTC:
    /// the events near the place's own noon (for every place whose zone follows its
    /// longitude, the events of that local date). NOAA's equations, evaluated again at
    /// the event's own instant until it settles (three rounds), so that the day's change
    /// in declination is counted.
    ///
    /// ```swift
    /// berlin.crossing(.sunrise, on: try CivilDate(year: 2026, month: 6, day: 21))   // .at(1_782_009_785): 04:43 CEST
    /// ```
    public func crossing(_ event: SunEvent, on date: CivilDate) -> SunCrossing {
        let midnight = Double(date.dayNumber * 86400)
        var instant = solarNoonSeconds(midnight: midnight)
        for _ in 0..<3 {
            let position = SolarPosition(at: instant)
            let cosine = position.cosineOfHourAngle(zenith: event.zenith, latitude: latitude)
            if cosine > 1 { return .staysBelow }
            if cosine < -1 { return .staysAbove }
            let hourAngle = SolarPosition.hourAngle(cosine: cosine)
            let noon = midnight + (720 - 4 * longitude - position.equationOfTime) * 60
            instant = noon + (event.isRising ? -hourAngle : hourAngle) * 240
        }
        return .at(Int64(instant.rounded()))
    }

    /// When the sun is highest on `date` (its midnight taken in UTC, as for `crossing`).
    public func solarNoon(on date: CivilDate) -> Int64 {
        Int64(solarNoonSeconds(midnight: Double(date.dayNumber * 86400)).rounded())
    }

    /// The instant a daily window or moment uses for `event` on the local `date`, even
    /// on a day the sun does not pass the event's height:
    /// - when the sun stays above it all day, the rising events (sunrise, dawn) are at
    ///   the start of the local day and the setting events (sunset, dusk) at its end (the
    ///   next day's 00:00): the light part of the day fills the date;
    /// - when the sun stays below it all day, every event is at local solar noon: the
    ///   light part of the day has no length.
    ///
    /// ```swift
    /// tromso.time(of: .sunset, on: midsummer, in: oslo)    // the start of the day after
    /// ```
    public func time(of event: SunEvent, on date: CivilDate, in zone: TimeZoneRules) -> Int64 {
        switch crossing(event, on: date) {
        case .at(let instant): instant
        case .staysAbove: zone.startOfDay(event.isRising ? date : date.adding(days: 1))
        case .staysBelow: solarNoon(on: date)
        }
    }

    /// How many days of `year` the sun does not pass `event`'s height here: none
    /// between the polar circles for sunrise and sunset, some beyond them.
    public func polarDays(in year: Int, for event: SunEvent = .sunrise) -> PolarDays {
        let first = (try? CivilDate(year: year, month: 1, day: 1)) ?? CivilDate(dayNumber: 0)
        let count = CivilDate.isLeapYear(year) ? 366 : 365
        var above = 0
        var below = 0
        for offset in 0..<count {
            switch crossing(event, on: first.adding(days: offset)) {
            case .at: break
            case .staysAbove: above += 1
            case .staysBelow: below += 1
            }
        }
        return PolarDays(sunStaysAbove: above, sunStaysBelow: below)
    }

    /// Solar noon after `midnight` (UTC seconds), the equation of time taken at noon.
    private func solarNoonSeconds(midnight: Double) -> Double {
        var noon = midnight + (720 - 4 * longitude) * 60
        for _ in 0..<2 {
            noon = midnight + (720 - 4 * longitude - SolarPosition(at: noon).equationOfTime) * 60
        }
        return noon
    }
}

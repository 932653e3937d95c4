#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The sun's declination and the equation of time at an instant, by NOAA's "General
/// Solar Position Calculations" (the equations of its solar calculator spreadsheet,
/// after Meeus, "Astronomical Algorithms"): accurate to about a minute of time for
/// sunrise and sunset between the polar circles, which is what daily windows need.
struct SolarPosition {
    /// Degrees north of the celestial equator.
    let declination: Double
    /// Apparent minus mean solar time, in minutes.
    let equationOfTime: Double

    init(at instant: Double) {
        let julianDay = instant / 86400 + 2_440_587.5
        let century = (julianDay - 2_451_545) / 36525
        let meanLongitude = (280.46646 + century * (36000.76983 + century * 0.0003032))
            .truncatingRemainder(dividingBy: 360)
        let meanAnomaly = 357.52911 + century * (35999.05029 - 0.0001537 * century)
        let eccentricity = 0.016708634 - century * (0.000042037 + 0.0000001267 * century)
        let centre = sin(radians(meanAnomaly)) * (1.914602 - century * (0.004817 + 0.000014 * century))
            + sin(radians(2 * meanAnomaly)) * (0.019993 - 0.000101 * century)
            + sin(radians(3 * meanAnomaly)) * 0.000289
        let trueLongitude = meanLongitude + centre
        let omega = 125.04 - 1934.136 * century
        let apparentLongitude = trueLongitude - 0.00569 - 0.00478 * sin(radians(omega))
        let meanObliquity = 23 + (26 + (21.448 - century * (46.815 + century * (0.00059 - century * 0.001813))) / 60) / 60
        let obliquity = meanObliquity + 0.00256 * cos(radians(omega))
        declination = degrees(asin(sin(radians(obliquity)) * sin(radians(apparentLongitude))))
        let y = tan(radians(obliquity / 2)) * tan(radians(obliquity / 2))
        let l0 = radians(meanLongitude)
        let m = radians(meanAnomaly)
        equationOfTime = 4 * degrees(
            y * sin(2 * l0) - 2 * eccentricity * sin(m) + 4 * eccentricity * y * sin(m) * cos(2 * l0)
                - 0.5 * y * y * sin(4 * l0) - 1.25 * eccentricity * eccentricity * sin(2 * m))
    }

    /// The cosine of the hour angle at which the sun's centre is `zenith` degrees from
    /// the zenith at `latitude`: above 1 when the sun never gets that high, below -1
    /// when it never gets that low.
    func cosineOfHourAngle(zenith: Double, latitude: Double) -> Double {
        let phi = radians(latitude)
        let delta = radians(declination)
        return cos(radians(zenith)) / (cos(phi) * cos(delta)) - tan(phi) * tan(delta)
    }

    static func hourAngle(cosine: Double) -> Double { degrees(acos(cosine)) }
}

private func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
private func degrees(_ radians: Double) -> Double { radians * 180 / .pi }

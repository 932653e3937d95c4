import Clock
import Testing

/// Reference instants from PyEphem 4.2.1 (a full ephemeris, independent of NOAA's
/// equations): an Observer at the place with `elevation = 0`, `pressure = 0` (no
/// refraction model of its own), `date` = the local date's midnight in its zone
/// (Python's zoneinfo), then `next_rising`/`next_setting(ephem.Sun())` with
/// `horizon = '-0:34'` for sunrise and sunset (the sun's upper edge) and
/// `horizon = '-6'`, `use_center=True` for civil dawn and dusk; rounded to the second.
/// Columns: place, local date, sunrise, sunset, dawn, dusk (seconds since the epoch).
let sunReferences: [(place: String, year: Int, month: Int, day: Int,
                     sunrise: Int64, sunset: Int64, dawn: Int64, dusk: Int64)] = [
    ("Berlin", 2026, 3, 20, 1773983355, 1774027166, 1773981315, 1774029214),
    ("Berlin", 2026, 6, 21, 1782009788, 1782070394, 1782006772, 1782073411),
    ("Berlin", 2026, 9, 23, 1790139228, 1790182962, 1790137181, 1790185003),
    ("Berlin", 2026, 12, 21, 1797837292, 1797864838, 1797834793, 1797867338),
    ("NewYork", 2026, 3, 20, 1774004358, 1774048091, 1774002722, 1774049731),
    ("NewYork", 2026, 6, 21, 1782033903, 1782088243, 1782031896, 1782090250),
    ("NewYork", 2026, 9, 23, 1790160278, 1790203881, 1790158638, 1790205517),
    ("NewYork", 2026, 12, 21, 1797855393, 1797888709, 1797853535, 1797890568),
    ("Sydney", 2026, 3, 20, 1773950277, 1773994017, 1773948782, 1773995510),
    ("Sydney", 2026, 6, 21, 1781989199, 1782024827, 1781987534, 1782026493),
    ("Sydney", 2026, 9, 23, 1790106238, 1790149916, 1790104744, 1790151412),
    ("Sydney", 2026, 12, 21, 1797792038, 1797843926, 1797790289, 1797845674),
]

let places: [String: (latitude: Double, longitude: Double, zone: String)] = [
    "Berlin": (52.52, 13.405, "Europe/Berlin"),
    "NewYork": (40.7128, -74.006, "America/New_York"),
    "Sydney": (-33.8688, 151.2093, "Australia/Sydney"),
    "Tromso": (69.6492, 18.9553, "Europe/Oslo"),
]

func place(_ name: String) throws -> Place {
    try Place(latitude: places[name]!.latitude, longitude: places[name]!.longitude)
}

@Suite("Sun events by NOAA's equations")
struct SunTests {
    @Test("sunrise, sunset, dawn and dusk within 60 s of PyEphem at the solstices and equinoxes of 2026",
          arguments: sunReferences.indices)
    func references(index: Int) throws {
        let reference = sunReferences[index]
        let place = try place(reference.place)
        let zone = try TimeZoneRules.named(places[reference.place]!.zone)
        let date = try CivilDate(year: reference.year, month: reference.month, day: reference.day)
        for (event, expected) in [(SunEvent.sunrise, reference.sunrise), (.sunset, reference.sunset),
                                  (.dawn, reference.dawn), (.dusk, reference.dusk)] {
            guard case .at(let instant) = place.crossing(event, on: date) else {
                Issue.record("\(event) at \(reference.place) on \(date) did not happen")
                continue
            }
            #expect(abs(instant - expected) <= 60, "\(event) at \(reference.place) on \(date): \(instant - expected) s off")
            #expect(place.time(of: event, on: date, in: zone) == instant)
            // The event belongs to the local date asked about.
            #expect(zone.localDateTime(at: instant).date == date)
        }
    }

    // PyEphem (same settings) raises AlwaysUpError for Tromsø's sunrise on 2026-06-21,
    // NeverUpError on 2026-12-21, and gives civil dawn 1797841875 and dusk 1797857590 then.
    @Test("in Tromsø the sun stays up at midsummer and down at midwinter, and twilight still comes")
    func polar() throws {
        let tromso = try place("Tromso")
        let oslo = try TimeZoneRules.named("Europe/Oslo")
        let midsummer = try CivilDate(year: 2026, month: 6, day: 21)
        let midwinter = try CivilDate(year: 2026, month: 12, day: 21)
        #expect(tromso.crossing(.sunrise, on: midsummer) == .staysAbove)
        #expect(tromso.crossing(.sunset, on: midsummer) == .staysAbove)
        #expect(tromso.crossing(.sunrise, on: midwinter) == .staysBelow)
        guard case .at(let dawn) = tromso.crossing(.dawn, on: midwinter),
              case .at(let dusk) = tromso.crossing(.dusk, on: midwinter) else {
            Issue.record("no twilight in Tromsø at midwinter")
            return
        }
        #expect(abs(dawn - 1_797_841_875) <= 60, "dawn \(dawn - 1_797_841_875) s off")
        #expect(abs(dusk - 1_797_857_590) <= 60, "dusk \(dusk - 1_797_857_590) s off")

        // The graph's rule: a day the sun stays up, the rising event is the day's start and
        // the setting one the next day's start: Oslo's midnights of 2026-06-21 and -22 are
        // 1781992800 and 1782079200 (Python's zoneinfo).
        #expect(tromso.time(of: .sunrise, on: midsummer, in: oslo) == 1_781_992_800)
        #expect(tromso.time(of: .sunset, on: midsummer, in: oslo) == 1_782_079_200)
        // A day it stays down, both are at solar noon (about 11:44 local in Tromsø).
        let noon = tromso.solarNoon(on: midwinter)
        #expect(tromso.time(of: .sunrise, on: midwinter, in: oslo) == noon)
        #expect(tromso.time(of: .sunset, on: midwinter, in: oslo) == noon)
        #expect(noon > dawn && noon < dusk)
        #expect(oslo.localDateTime(at: noon).hour == 11)
    }

    // PyEphem (same settings), asked every day of 2026 in Tromsø, raises AlwaysUpError on
    // 68 days and NeverUpError on 48; NOAA's equations may move each edge by a day.
    @Test("polar days are counted for a year; none between the polar circles")
    func polarDays() throws {
        let tromso = try place("Tromso").polarDays(in: 2026)
        #expect(abs(tromso.sunStaysAbove - 68) <= 3)
        #expect(abs(tromso.sunStaysBelow - 48) <= 3)
        #expect(!tromso.isEmpty)
        #expect(try place("Berlin").polarDays(in: 2026).isEmpty)
        #expect(try place("Sydney").polarDays(in: 2026, for: .dawn).isEmpty)
        // Trondheim (63.43° N) has white nights: around midsummer the sun stays above 6°
        // below the horizon; Berlin's nights always get that dark.
        #expect(try Place(latitude: 63.43, longitude: 10.39).polarDays(in: 2026, for: .dusk).sunStaysAbove > 0)
        #expect(try place("Berlin").polarDays(in: 2026, for: .dusk).isEmpty)
    }

    @Test("a latitude or longitude out of range is refused with its range")
    func coordinates() {
        #expect { _ = try Place(latitude: 91, longitude: 0) } throws: {
            String(describing: $0) == "latitude is 91.0: give degrees from -90 (south) to 90 (north)"
        }
        #expect { _ = try Place(latitude: 0, longitude: -181) } throws: {
            String(describing: $0) == "longitude is -181.0: give degrees from -180 (west) to 180 (east)"
        }
        #expect(throws: ClockError.self) { _ = try Place(latitude: .nan, longitude: 0) }
    }
}

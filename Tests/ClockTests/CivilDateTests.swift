import Clock
import Testing

@Suite("Civil dates: day numbers, weekdays, adding days")
struct CivilDateTests {
    // Day numbers checked with Python: (date(y, m, d) - date(1970, 1, 1)).days.
    // Day numbers and weekdays from Python: (date(y, m, d) - date(1970, 1, 1)).days, strftime("%a").
    @Test("day numbers and weekdays", arguments: [
        (1970, 1, 1, 0 as Int64, Weekday.thu), (2000, 2, 29, 11016, .tue), (2026, 3, 29, 20541, .sun),
        (1969, 12, 31, -1, .wed), (1600, 3, 1, -135080, .wed), (2400, 12, 31, 157419, .sun),
    ])
    func dayNumbers(year: Int, month: Int, day: Int, number: Int64, weekday: Weekday) throws {
        let date = try CivilDate(year: year, month: month, day: day)
        #expect(date.dayNumber == number)
        #expect(CivilDate(dayNumber: number) == date)
        #expect(date.weekday == weekday)
    }

    @Test("adding days crosses months, leap days and years")
    func adding() throws {
        let date = try CivilDate(year: 2028, month: 2, day: 28)
        #expect(date.adding(days: 1).description == "2028-02-29")
        #expect(date.adding(days: 2).description == "2028-03-01")
        #expect(date.adding(days: -59).description == "2027-12-31")
        #expect(try CivilDate(year: 2027, month: 2, day: 28).adding(days: 1).description == "2027-03-01")
    }

    @Test("a date the calendar does not have is refused, naming the part", arguments: [
        (2026, 2, 29, "day 29 of 2026-2 is not in the calendar"), (2026, 13, 1, "month 13 is not in the calendar"),
        (2026, 4, 31, "day 31 of 2026-4 is not in the calendar"), (2026, 1, 0, "day 0 of 2026-1 is not in the calendar"),
    ])
    func refused(year: Int, month: Int, day: Int, message: String) {
        #expect { _ = try CivilDate(year: year, month: month, day: day) } throws: {
            String(describing: $0).hasPrefix(message)
        }
    }

    @Test("weekdays read the config's names, any case, and suggest the closest")
    func weekdays() throws {
        #expect(try Weekday(parsing: "mon") == .mon)
        #expect(try Weekday(parsing: "SUN") == .sun)
        #expect(Weekday.allCases.map(\.description) == ["mon", "tue", "wed", "thu", "fri", "sat", "sun"])
        #expect { _ = try Weekday(parsing: "thr") } throws: {
            String(describing: $0) == "'thr' is not a day of the week: did you mean 'thu' or 'tue'? (days: mon, tue, wed, thu, fri, sat, sun)"
        }
    }

    @Test("every day of four centuries maps back to itself")
    func roundTrip() {
        var previous = CivilDate(dayNumber: -146_098)
        for number in Int64(-146_097)...146_097 {
            let date = CivilDate(dayNumber: number)
            #expect(date.dayNumber == number)
            #expect(previous < date)
            previous = date
        }
    }
}

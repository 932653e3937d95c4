@testable import KeptState
import Testing
import Values

/// A counter's total kept with its `period:`: format 6, written only when a period is kept.
@Suite("StateFile periods")
struct StateFilePeriodTests {
    static let path = StateFileCoverTests.path
    static let today = NodeID.signal("rain_today")

    @Test("a kept period makes the file format 6: the total, the period's start, the last total if any")
    func periodIsFormatSix() throws {
        let values: [NodeID: KeptValue] = [Self.today: .total(3.35, periodStart: 1_781_992_800, last: 1.2),
                                            .signal("week"): .total(0, periodStart: -86_400, last: nil),
                                            .signal("lamp"): true]
        let text = String(decoding: StateFile.encode(values), as: UTF8.self)
        #expect(text.hasPrefix("gpioagg-state 6\n"), "\(text)")
        #expect(text.contains("\nsignal rain_today 3.35 period 1781992800 last 1.2\n"), "\(text)")
        #expect(text.contains("\nsignal week 0.0 period -86400\n"), "\(text)")
        let read = try StateFile.decode(Array(text.utf8), path: Self.path)
        #expect(read == values)
        #expect(read[Self.today]?.number == 3.35, "a total with its period is still the counter's number")
        #expect(read[Self.today]?.period?.start == 1_781_992_800)
    }

    @Test("a total without a period stays format 3")
    func plainTotalUnchanged() {
        #expect(String(decoding: StateFile.encode([Self.today: .number(3.35)]), as: UTF8.self)
            .hasPrefix("gpioagg-state 3\n"))
    }

    @Test("a period is refused where it does not belong or is not written as gpioagg writes it", arguments: [
        "gpioagg-state 5\nsignal rain_today 3.35 period 1781992800\n",         // before format 6
        "gpioagg-state 6\noutput pump 3.35 period 1781992800\n",               // not a signal
        "gpioagg-state 6\nsignal rain_today 3.35 since 1781992800\n",          // another word
        "gpioagg-state 6\nsignal rain_today 3.35 period 01781992800\n",        // a leading zero
        "gpioagg-state 6\nsignal rain_today 3.35 period 17819928.5\n",         // not whole seconds
        "gpioagg-state 6\nsignal rain_today 3.35 period 1781992800 last\n",    // no last total
        "gpioagg-state 6\nsignal rain_today 3.35 period 1781992800 next 1.2\n",
        "gpioagg-state 6\nsignal rain_today on period 1781992800\n",           // a level
        "gpioagg-state 6\nsignal rain_today 3.35 period 1234567890123456789\n", // past the calendar
    ])
    func refused(text: String) throws {
        do {
            let values = try StateFile.decode(StateFileCoverTests.sealed(text), path: Self.path)
            Issue.record("read as \(values)")
        } catch {
            #expect(error.kind == .corrupt)
            #expect(error.message.contains("line 2 is not"), "\(error.message)")
        }
    }
}

/// An override's mode kept with its output's level: format 7.
@Suite("StateFile overrides")
struct StateFileOverrideTests {
    static let path = StateFileCoverTests.path

    @Test("a kept mode makes the file format 7 and reads back as written, with or without a time")
    func modeIsFormatSeven() throws {
        let since = BootInstant(bootID: "6f0e1a52-5c2b-4c55-9d0c-5a1e0d4f7b3e", nanoseconds: 5)
        let values: [NodeID: KeptValue] = [.output("pump"): .overridden(false, onSince: nil, mode: .off),
                                            .output("lamp"): .overridden(true, onSince: since, mode: .on),
                                            .output("fan"): .overridden(true, onSince: nil, mode: .auto)]
        let text = String(decoding: StateFile.encode(values), as: UTF8.self)
        #expect(text.hasPrefix("gpioagg-state 7\n"), "\(text)")
        #expect(text.contains("\noutput pump off mode off\n"), "\(text)")
        #expect(text.contains("\noutput lamp on since 6f0e1a52-5c2b-4c55-9d0c-5a1e0d4f7b3e 5 mode on\n"), "\(text)")
        let read = try StateFile.decode(Array(text.utf8), path: Self.path)
        #expect(read == values)
        #expect(read[.output("lamp")]?.level == true && read[.output("lamp")]?.onSince == since)
    }

    @Test("a mode is refused before format 7, on a signal, or with another word", arguments: [
        "gpioagg-state 6\noutput pump off mode off\n",
        "gpioagg-state 7\nsignal lamp on mode on\n",
        "gpioagg-state 7\noutput pump off mode maybe\n",
        "gpioagg-state 7\noutput pump 3.5 mode on\n",
        "gpioagg-state 7\noutput pump off mode\n",
    ])
    func refused(text: String) throws {
        do {
            let values = try StateFile.decode(StateFileCoverTests.sealed(text), path: Self.path)
            Issue.record("read as \(values)")
        } catch {
            #expect(error.kind == .corrupt)
            #expect(error.message.contains("line 2 is not"), "\(error.message)")
        }
    }
}

import Testing
import Values

@Suite("Node values, identities and decimal text")
struct NodeValueTests {
    @Test("decimal numbers: sign, fraction, exponent, surrounding spaces", arguments: [
        ("21", 21.0), ("-0.5", -0.5), ("+3", 3), (".5", 0.5), ("27.", 27), ("1e3", 1000), ("2.5E-2", 0.025),
        (" 21.5\n", 21.5), ("0", 0),
    ])
    func parses(text: String, value: Double) {
        #expect(DecimalText.parse(text) == value)
    }

    @Test("not numbers: inf, nan, hexadecimal, commas, separators, empty, overflow", arguments: [
        "inf", "nan", "NaN", "-inf", "infinity", "0x10", "0x1p3", "21,5", "1_000", "", " ", ".", "-", "e3", "1e", "1e+",
        "1.2.3", "++1", "1e400", "21 5", "on",
    ])
    func refuses(text: String) {
        #expect(DecimalText.parse(text) == nil)
    }

    @Test("fixed places, rounded half away from zero, never -0", arguments: [
        (27.456, 1, "27.5"), (27.5, 2, "27.50"), (21.0, 0, "21"), (2.5, 0, "3"), (-2.5, 0, "-3"), (-0.001, 2, "0.00"),
        (0.125, 2, "0.13"), (1234567.891, 2, "1234567.89"), (-12.3456, 3, "-12.346"), (5, -1, "5"),
    ])
    func formats(value: Double, places: Int, text: String) {
        #expect(DecimalText.format(value, places: places) == text)
    }

    @Test("a value says its level, number, unit and text")
    func value() {
        let reading = NodeValue.number(27.456, "°C")
        #expect(reading.number == 27.456 && reading.unit == "°C" && reading.level == nil && !reading.isOn)
        #expect(reading.text(precision: 1) == "27.5 °C" && reading.word(precision: 1) == "27.5")
        #expect(NodeValue.number(3, .none).text(precision: 0) == "3")
        #expect(NodeValue.on.isOn && NodeValue.on.text(precision: 2) == "on" && NodeValue.off.word(precision: 0) == "off")
        #expect(!NodeValue.unavailable.isAvailable && NodeValue.unavailable.text(precision: 2) == "unavailable")
        #expect(NodeValue.unavailable.number == nil && NodeValue.unavailable.level == nil)
    }

    @Test("identities order inputs, signals, outputs, then by name, and read as kind and name")
    func identities() {
        let ids = [NodeID.output("a"), .signal("b"), .input("z"), .signal("a"), .input("c")]
        #expect(ids.sorted() == [.input("c"), .input("z"), .signal("a"), .signal("b"), .output("a")])
        #expect("\(NodeID.signal("all_on"))" == "signal all_on")
        #expect(MeasurementUnit.none.description == "no unit" && MeasurementUnit("hPa").description == "hPa")
    }
}

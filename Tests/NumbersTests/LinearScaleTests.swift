import Numbers
import Testing

@Suite("scale: a number onto another along a line, clamped at both ends")
struct LinearScaleTests {
    /// The fan curve: 50 °C → 30 %, 70 °C → 100 %.
    static let fan = try! LinearScale(from: (50, 70), to: (30, 100))

    @Test("a rising curve: the line between the ends, each end's value held beyond it", arguments: [
        (-40.0, 30.0, ScalePoint.Position.beforeStart),
        (49.99, 30, .beforeStart),
        (50, 30, .onCurve),
        (55, 47.5, .onCurve),
        (60, 65, .onCurve),
        (68.4, 94.4, .onCurve),
        (70, 100, .onCurve),
        (70.01, 100, .pastEnd),
        (125, 100, .pastEnd),
    ])
    func rising(operand: Double, value: Double, position: ScalePoint.Position) {
        let point = Self.fan.point(for: operand)
        #expect(abs(point.value - value) < 1e-9, "\(operand) gives \(point.value)")
        #expect(point.position == position)
        #expect(point.isClamped == (position != .onCurve))
        #expect(Self.fan.value(of: operand) == point.value)
    }

    @Test("a falling curve (from's end below its start): 20 °C → 100 %, 30 °C → 0 %; clamped on each side", arguments: [
        (10.0, 100.0, ScalePoint.Position.beforeStart),
        (20, 100, .onCurve),
        (22.5, 75, .onCurve),
        (30, 0, .onCurve),
        (35, 0, .pastEnd),
    ])
    func falling(operand: Double, value: Double, position: ScalePoint.Position) throws {
        let curve = try LinearScale(from: (20, 30), to: (100, 0))
        let point = curve.point(for: operand)
        #expect(abs(point.value - value) < 1e-9, "\(operand) gives \(point.value)")
        #expect(point.position == position)
    }

    @Test("from: written high to low: the curve starts at its first number, whichever is larger", arguments: [
        (80.0, 10.0, ScalePoint.Position.beforeStart),
        (70, 10, .onCurve),
        (60, 55, .onCurve),
        (50, 100, .onCurve),
        (40, 100, .pastEnd),
    ])
    func fromFalling(operand: Double, value: Double, position: ScalePoint.Position) throws {
        let curve = try LinearScale(from: (70, 50), to: (10, 100))
        let point = curve.point(for: operand)
        #expect(abs(point.value - value) < 1e-9, "\(operand) gives \(point.value)")
        #expect(point.position == position)
    }

    @Test("equal to: ends give a constant; unavailable in is unavailable out")
    func constantAndUnavailable() throws {
        let constant = try LinearScale(from: (0, 10), to: (40, 40))
        #expect([-5.0, 0, 3, 10, 15].map { constant.value(of: $0) } == [40, 40, 40, 40, 40])
        #expect(Self.fan.value(of: nil) == nil)
    }

    @Test("negative and fractional numbers map as any other: -10..10 onto 0..1")
    func fractions() throws {
        let curve = try LinearScale(from: (-10, 10), to: (0, 1))
        #expect(curve.value(of: 0) == 0.5)
        #expect(curve.value(of: -5) == 0.25)
        #expect(curve.value(of: -11) == 0 && curve.value(of: 11) == 1)
    }

    @Test("equal from: ends and numbers that are not finite are refused, with what to give instead")
    func refused() {
        #expect {
            _ = try LinearScale(from: (50, 50), to: (30, 100))
        } throws: { error in
            "\(error)" == "scale has from: [50.0, 50.0], which gives no line: give from: two different numbers"
        }
        #expect {
            _ = try LinearScale(from: (50, 70), to: (30, .infinity))
        } throws: { error in
            "\(error)" == "scale is inf: give a finite number"
        }
        #expect(throws: NumbersError.self) { try LinearScale(from: (.nan, 70), to: (30, 100)) }
    }

    /// Celsius to Fahrenheit, F = C × 9/5 + 32 (NIST SP 811, B.9: 0 °C is 32 °F, 100 °C is
    /// 212 °F, -40 °C is -40 °F).
    @Test("clamps: false takes the line past both ends: a plain conversion, rising or falling", arguments: [
        (-40.0, -40.0, ScalePoint.Position.beforeStart),
        (0, 32, .onCurve),
        (37, 98.6, .onCurve),
        (100, 212, .onCurve),
        (250, 482, .pastEnd),
    ])
    func unclamped(operand: Double, value: Double, position: ScalePoint.Position) throws {
        let fahrenheit = try LinearScale(from: (0, 100), to: (32, 212), clamps: false)
        let point = fahrenheit.point(for: operand)
        #expect(abs(point.value - value) < 1e-9, "\(operand) gives \(point.value)")
        #expect(point.position == position)
        #expect(!point.isClamped)
        // The same line written the other way round gives the same numbers.
        let backwards = try LinearScale(from: (100, 0), to: (212, 32), clamps: false)
        #expect(abs(backwards.value(of: operand)! - value) < 1e-9)
    }

    @Test("unclamped: a constant stays constant however far out, and a steep line far out is no finite number")
    func unclampedEdges() throws {
        let constant = try LinearScale(from: (0, 1e-300), to: (5, 5), clamps: false)
        #expect(constant.value(of: 1e300) == 5)
        let steep = try LinearScale(from: (0, 1e-160), to: (0, 1e160), clamps: false)
        #expect(steep.value(of: 1e-160) == 1e160)
        #expect(steep.value(of: 1e200)?.isFinite == false)
        let clamped = try LinearScale(from: (0, 1e-160), to: (0, 1e160))
        #expect(clamped.value(of: 1e200) == 1e160)
    }
}

import Values

extension ThresholdBand {
    /// How `value` compares with the band's ends, when the numbers as shown (at
    /// `precision` decimal places) would tell another story: 27.97 against `above: 28`
    /// shows as 28.0, which reads as on while the threshold is off. Each end the rounding
    /// hides the comparison with gets a phrase naming the unrounded number in its shortest
    /// form; nil when the shown numbers compare as the numbers do.
    ///
    /// ```swift
    /// let band = ThresholdBand(.above, bound: 28, hysteresis: 0)
    /// band.roundingNote(for: 27.97, precision: 1, unit: "°C")   // "28.0 °C (27.97 unrounded) is below 28.0 °C"
    /// band.roundingNote(for: 27.5, precision: 1, unit: "°C")    // nil: 27.5 reads below 28.0
    /// ```
    public func roundingNote(for value: Double, precision: Int, unit: MeasurementUnit) -> String? {
        guard value.isFinite else { return nil }
        let ends = onAt == offAt ? [onAt] : [onAt, offAt]
        let phrases = ends.compactMap { end -> String? in
            guard end.isFinite else { return nil }
            let actual = Self.order(value, end)
            guard Self.order(Self.shown(value, precision), Self.shown(end, precision)) != actual else { return nil }
            let relation = actual < 0 ? "below" : actual > 0 ? "above" : "at"
            return "\(Self.text(value, precision, unit)) is \(relation) \(Self.text(end, precision, unit))"
        }
        return phrases.isEmpty ? nil : phrases.joined(separator: ", and ")
    }

    /// The number as its text at `precision` reads.
    private static func shown(_ number: Double, _ precision: Int) -> Double {
        Double(DecimalText.format(number, places: precision)) ?? number
    }

    private static func order(_ left: Double, _ right: Double) -> Int {
        left < right ? -1 : left > right ? 1 : 0
    }

    /// `28.0 °C`, and `(27.97 unrounded)` after it when the text is not the number.
    private static func text(_ number: Double, _ precision: Int, _ unit: MeasurementUnit) -> String {
        let text = NodeValue.number(number, unit).text(precision: precision)
        return shown(number, precision) == number ? text : text + " (\(DecimalText.shortest(number)) unrounded)"
    }
}

import Values

/// `scale: NAME, from: [a, b], to: [c, d]`: two numbers under each of `from:` and `to:`,
/// bare decimal numbers (`from:` in the operand's unit, `to:` in the signal's), and two
/// different numbers in `from:`.
extension ConfigValidator {
    static let scaleExample = "fan_speed: { scale: cpu, from: [50, 70], to: [30, 100] }"

    /// `from: [a, b]` or `to: [c, d]` of a scale; nil when it is not two decimal numbers
    /// (reported).
    mutating func scaleEnds(_ entry: SourceNode.Entry, operand: String, in what: String) -> ScaleDeclaration.Ends? {
        let example = entry.key == "from" ? "from: [50, 70]" : "to: [30, 100]"
        let meaning = entry.key == "from"
            ? "from: [a, b] is where the curve starts and ends in '\(operand)' (its unit)"
            : "to: [c, d] is the value at from:'s start and at its end, in the signal's unit (% unless unit: says)"
        guard case .sequence(let items) = entry.value.content else {
            if entry.value.isReported { return nil }
            report(entry.value.location, "\(entry.key): in \(what) must be a list of two numbers, found \(entry.value.kindDescription)",
                   hint: "write \(example); \(meaning)")
            return nil
        }
        guard items.count == 2 else {
            report(entry.value.location, "\(entry.key): in \(what) has \(items.count) number\(items.count == 1 ? "" : "s"); "
                + "it takes two, [start, end]", hint: "write \(example); \(meaning)")
            return nil
        }
        var numbers: [Double] = []
        for item in items {
            guard let text = item.scalarText, !text.isEmpty else {
                if !item.isReported {
                    report(item.location, "\(entry.key): in \(what) must hold two numbers, found \(item.kindDescription)",
                           hint: "write \(example)")
                }
                continue
            }
            if let number = DecimalText.parse(text) {
                numbers.append(number)
            } else if LevelWord.meaning(of: text) != nil {
                report(item.location, "'\(text)' in \(entry.key): of \(what) is a level, and \(entry.key): takes numbers",
                       hint: "write \(example); \(meaning)")
            } else if let unit = Self.unitAfterNumber(text) {
                let whose = entry.key == "from" ? "the unit of '\(operand)'" : "the signal's unit (% unless unit: says)"
                report(item.location, "'\(text)' in \(entry.key): of \(what) is a number with a unit (\(unit)); "
                    + "\(entry.key): takes numbers alone, in \(whose)",
                       hint: "write \(example)" + (entry.key == "to" && unit != ScaleDeclaration.defaultUnit
                           ? "; give the signal another unit with unit:, e.g. unit: \(unit)" : ""))
            } else {
                report(item.location, "\(entry.key): in \(what) must hold decimal numbers, found '\(text)'",
                       hint: Self.decimalHint)
            }
        }
        guard numbers.count == 2 else { return nil }
        return ScaleDeclaration.Ends(numbers[0], numbers[1])
    }

    /// The scale of `operand` from the `from:` and `to:` read; both are needed, and
    /// `from:`'s numbers differ. Nil when either is missing or they are equal (reported).
    mutating func scale(from: (ends: ScaleDeclaration.Ends?, entry: SourceNode.Entry)?,
                        to: (ends: ScaleDeclaration.Ends?, entry: SourceNode.Entry)?,
                        in what: String, at location: SourceLocation) -> ScaleDeclaration? {
        for (key, read) in [("from", from), ("to", to)] where read == nil {
            report(location, "\(what) needs \(key):",
                   hint: "a scale maps from: [a, b] onto to: [c, d], e.g. \(Self.scaleExample)")
        }
        if let from, let ends = from.ends, ends.start == ends.end {
            report(from.entry.value.location, "from: in \(what) starts and ends at \(ConfigText.decimal(ends.start)), "
                + "which gives no curve", hint: "give from: two different numbers, e.g. from: [50, 70]; "
                    + "the end may be below the start for a falling curve, e.g. from: [70, 50]")
            return nil
        }
        guard let fromEnds = from?.ends, let toEnds = to?.ends else { return nil }
        return ScaleDeclaration(from: fromEnds, to: toEnds)
    }

    /// The unit after a number written with one (`50°C`, `30 %`); nil when `text` does
    /// not start with a number, or is one.
    static func unitAfterNumber(_ text: String) -> String? {
        var prefix = Substring(text)
        while !prefix.isEmpty {
            prefix = prefix.dropLast()
            guard DecimalText.parse(String(prefix)) != nil else { continue }
            let unit = text.dropFirst(prefix.count).drop { $0 == " " }
            guard let first = unit.first, !first.isNumber, first != "." else { return nil }
            return String(unit)
        }
        return nil
    }
}

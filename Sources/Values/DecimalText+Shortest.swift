extension DecimalText {
    /// `value` as the shortest text that reads back as it, for a message that must show
    /// a number beyond what any precision shows: `1.7e308`, `21.5`, `-3`, `1e-7`, and
    /// `inf`, `-inf` or `nan` for what is not a finite number.
    ///
    /// ```swift
    /// DecimalText.shortest(1.7e308)   // "1.7e308"
    /// DecimalText.shortest(2)         // "2"
    /// ```
    public static func shortest(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : value < 0 ? "-inf" : "inf" }
        // Swift's shortest form, without its `.0` on whole numbers and `+`/leading zero in
        // exponents: `1.7e+308` is written `1.7e308`, as a config or a payload writes it.
        let text = "\(value)"
        guard let e = text.firstIndex(of: "e") else { return text.hasSuffix(".0") ? String(text.dropLast(2)) : text }
        var exponent = text[text.index(after: e)...]
        let sign = exponent.first == "-" ? "-" : ""
        if exponent.first == "+" || exponent.first == "-" { exponent = exponent.dropFirst() }
        while exponent.count > 1, exponent.first == "0" { exponent = exponent.dropFirst() }
        return text[..<e] + "e" + sign + exponent
    }
}

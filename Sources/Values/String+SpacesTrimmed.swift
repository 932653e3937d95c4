extension String {
    /// The text without the spaces, tabs and line ends around it (ASCII ` `, `\t`, `\n`,
    /// `\r` only): how a number, a cover's word and an MQTT payload are read
    /// (`echo ON | mosquitto_pub -l` sends a line).
    ///
    /// ```swift
    /// " 21.5\r\n".trimmingSpacesAndLineEnds   // "21.5"
    /// "\u{00A0}on".trimmingSpacesAndLineEnds  // unchanged: a no-break space is not trimmed
    /// ```
    public var trimmingSpacesAndLineEnds: String {
        let scalars = unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }
}

extension String {
    /// The text with only its ASCII letters lowercased: `ON` and `on` match, and no
    /// locale is involved (a Turkish dotless ı never becomes an `i`).
    ///
    /// ```swift
    /// "ToGGle".asciiLowercased   // "toggle"
    /// "ＯＮ".asciiLowercased      // "ＯＮ": fullwidth letters are not ASCII
    /// ```
    public var asciiLowercased: String {
        var scalars = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if ("A"..."Z").contains(scalar), let lower = Unicode.Scalar(scalar.value + 32) {
                scalars.append(lower)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}

extension String {
    /// Reads a fixed-size, NUL-terminated C `char` array, which Swift imports as a tuple.
    /// Reads no further than the array, even when the terminator is missing.
    init<Tuple>(cName tuple: Tuple) {
        self = withUnsafeBytes(of: tuple) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

extension String {
    /// The text in single quotes with control characters escaped, for messages that
    /// quote what a client sent (which may hold anything). Package-wide: the control
    /// socket's messages quote the same way.
    package var singleQuoted: String {
        "'" + unicodeScalars.map { $0.escaped(asASCII: false) }.joined() + "'"
    }
}

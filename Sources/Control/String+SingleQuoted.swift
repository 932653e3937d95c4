extension String {
    /// The text in single quotes with control characters escaped, for messages that
    /// quote what a client sent (which may hold anything).
    var singleQuoted: String {
        "'" + unicodeScalars.map { $0.escaped(asASCII: false) }.joined() + "'"
    }
}

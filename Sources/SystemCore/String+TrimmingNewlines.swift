extension String {
    /// The text without the newline (and spaces) the kernel ends an attribute with.
    public var trimmingTrailingNewlines: String {
        var text = Substring(self)
        while let last = text.last, last == "\n" || last == " " || last == "\t" || last == "\r" { text.removeLast() }
        return String(text)
    }
}

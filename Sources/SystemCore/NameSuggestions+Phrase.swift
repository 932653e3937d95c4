extension NameSuggestions {
    /// The one way a suggestion is worded, wherever a name is not known (the config
    /// file, test files, the command line, the control socket, line commands): the
    /// candidates quoted, the last two joined by "or"; nil for none.
    ///
    /// ```swift
    /// NameSuggestions.didYouMean(["switch1"])                      // "did you mean 'switch1'?"
    /// NameSuggestions.didYouMean(["a", "b", "c"])                  // "did you mean 'a', 'b' or 'c'?"
    /// NameSuggestions.didYouMean(["a"], list: "inputs: a, b")      // "did you mean 'a'? (inputs: a, b)"
    /// NameSuggestions.didYouMean([], list: "inputs: a, b")         // "inputs: a, b"
    /// ```
    public static func didYouMean(_ close: [String]) -> String? {
        guard let last = close.last else { return nil }
        let quoted = close.dropLast().map { "'\($0)'" }
        return "did you mean " + (quoted.isEmpty ? "" : quoted.joined(separator: ", ") + " or ") + "'\(last)'?"
    }

    /// The suggestion followed by `list` (what there is to choose from) in brackets, or
    /// `list` alone when nothing is close; nil when both are empty.
    public static func didYouMean(_ close: [String], list: String) -> String? {
        guard let phrase = didYouMean(close) else { return list.isEmpty ? nil : list }
        return list.isEmpty ? phrase : "\(phrase) (\(list))"
    }
}

extension ConfigLoader {
    /// Reads another YAML file of gpioagg's (a `gpioagg test` file) with a config file's
    /// rules: a regular file of at most `maximumBytes`, one document, no anchors or
    /// aliases, no duplicate keys, nesting at most 32 levels deep. `noun` names the file
    /// in messages (`test file`).
    ///
    /// Returns the tree with what reading it found wrong that still leaves a tree
    /// (duplicate keys, keys that are not names), in source order; throws when there is
    /// no tree: a file that cannot be read, is empty, or is refused as a whole (a syntax
    /// error, an anchor).
    ///
    /// ```swift
    /// let (root, errors) = try ConfigLoader.loadDocument(path: "garage.test.yaml", noun: "test file")
    /// ```
    public static func loadDocument(path: String, noun: String) throws(ConfigErrors)
        -> (root: SourceNode, errors: [ConfigError]) {
        try parseDocument(ConfigFile.text(atPath: path, limit: maximumBytes, noun: noun), file: path, noun: noun)
    }

    /// `loadDocument(path:noun:)` on text already read; `file` is what errors call it.
    public static func parseDocument(_ text: String, file: String, noun: String) throws(ConfigErrors)
        -> (root: SourceNode, errors: [ConfigError]) {
        if text.utf8.count > maximumBytes {
            throw ConfigErrors([ConfigFile.tooLarge(path: file, bytes: text.utf8.count, limit: maximumBytes, noun: noun)])
        }
        let document = SourceDocument.compose(text, file: file)
        guard let root = document.root else {
            if document.errors.isEmpty {
                throw ConfigErrors([ConfigError(location: SourceLocation(file: file, line: 1, column: 1),
                                                message: "the \(noun) is empty")])
            }
            throw ConfigErrors(ConfigValidator.sortedBySource(document.errors))
        }
        return (root, ConfigValidator.sortedBySource(document.errors))
    }
}

import GPIO

/// Reads and validates config files. Nothing here touches hardware: every problem a
/// file can have is reported before any line is requested.
///
/// ```swift
/// do {
///     let configuration = try ConfigLoader.load(path: "/etc/gpioagg/gpioagg.yaml")
///     for signal in configuration.signals { ... }   // in dependency order
/// } catch {
///     print(error)    // FILE:LINE:COL: error: ... and hint: ..., every error found
/// }
/// ```
public enum ConfigLoader {
    /// Larger files are refused before they are parsed.
    public static let maximumBytes = 1024 * 1024

    /// Reads and validates the file at `path`. A missing or unreadable file is an error
    /// that names the path. With a `board`, its chips and lines are looked up on the
    /// board's profile too, and what it lacks is reported with every other error.
    public static func load(path: String, board: BoardProfile? = nil) throws(ConfigErrors) -> Configuration {
        try parse(ConfigFile.text(atPath: path, limit: maximumBytes), file: path, board: board)
    }

    /// Validates `text`; `file` is what error messages and `Configuration.file` call it.
    ///
    /// Anchors and aliases (`&name`, `*name`) are refused: configs are small, an error
    /// inside an aliased value could not say where it was used, and it rules out alias
    /// bombs. Nesting deeper than 32 levels and text over `maximumBytes` are refused too.
    ///
    /// With a `board` (`gpioagg check --board`), every chip and line read is also looked
    /// up on its profile, as `Configuration.resolved(on:)` does, and its errors come in
    /// the one report, in source order with the rest: an unknown key and `line: GPIO45`
    /// on a Pi 4 are two errors of one check.
    ///
    /// ```swift
    /// let configuration = try ConfigLoader.parse(text, file: "gpioagg.yaml", board: .pi4)
    /// ```
    public static func parse(_ text: String, file: String, board: BoardProfile? = nil) throws(ConfigErrors)
        -> Configuration {
        if text.utf8.count > maximumBytes {
            throw ConfigErrors([ConfigFile.tooLarge(path: file, bytes: text.utf8.count, limit: maximumBytes)])
        }
        let document = SourceDocument.compose(text, file: file)
        guard let root = document.root else {
            if document.errors.isEmpty {
                throw ConfigErrors([ConfigError(location: SourceLocation(file: file, line: 1, column: 1),
                                                message: "the config file is empty",
                                                hint: "declare chips: and inputs: at least; docs/CONFIG.md has an example")])
            }
            throw ConfigErrors(ConfigValidator.sortedBySource(document.errors))
        }
        switch ConfigValidator.validate(root, file: file, board: board) {
        case .success(let configuration) where document.errors.isEmpty:
            return configuration
        case .success:
            throw ConfigErrors(ConfigValidator.sortedBySource(document.errors))
        case .failure(let errors):
            throw ConfigErrors(ConfigValidator.sortedBySource(document.errors + errors.errors))
        }
    }
}

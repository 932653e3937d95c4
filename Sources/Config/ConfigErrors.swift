/// Everything wrong with a config file, in source order: validation reports every
/// problem it can find, not only the first, so that one edit-and-check round fixes
/// as much as possible.
///
/// ```swift
/// do {
///     let configuration = try ConfigLoader.load(path: "/etc/gpioagg/gpioagg.yaml")
/// } catch {
///     print(error)   // every error, each as FILE:LINE:COL: error: ... and hint: ...
/// }
/// ```
public struct ConfigErrors: Error, Hashable, Sendable, CustomStringConvertible {
    /// Never empty when thrown.
    public var errors: [ConfigError]

    public init(_ errors: [ConfigError]) {
        self.errors = errors
    }

    /// Every error, one after another, each as its `ConfigError.description`.
    public var description: String {
        errors.map(\.description).joined(separator: "\n")
    }
}

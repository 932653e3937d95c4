import Config
import Logging

/// Where a reload reads its configuration: the config file again, or, for the embedded
/// demo, nothing to read (the running configuration is applied again).
///
/// ```swift
/// let source = ReloadSource(path: "/etc/gpioagg/gpioagg.yaml")
/// switch source.load(running: configuration, logger: logger) {
/// case .loaded(let next): apply(next)
/// case .refused(let reason): refuse(reason)   // "2 errors in the config file; first: FILE:3:5: ..."
/// }
/// ```
struct ReloadSource {
    enum Outcome {
        case loaded(Configuration)
        /// The file is invalid or unreadable: every problem is logged, and `reason` says
        /// how many and the first.
        case refused(reason: String)
    }

    /// The config file; nil for the embedded demo.
    let path: String?

    /// The file, or `the embedded demo`, as the log names it.
    var name: String { path ?? "the embedded demo" }

    func load(running current: Configuration, logger: Logger) -> Outcome {
        guard let path else { return .loaded(current) }
        do throws(ConfigErrors) {
            return .loaded(try ConfigLoader.load(path: path))
        } catch {
            for problem in error.errors { logger.error("\(problem.description)") }
            // A whole-file error (unreadable, not a regular file) has no line: FILE: message.
            let first = error.errors.first.map { problem in
                "\(problem.location.line > 0 ? problem.location.description : problem.location.file): \(problem.message)"
            } ?? path
            let count = error.errors.count
            return .refused(reason: "\(count) error\(count == 1 ? "" : "s") in the config file; first: \(first)")
        }
    }
}

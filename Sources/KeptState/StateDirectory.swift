#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the state file lives, first match wins:
///
/// 1. the directory given with `--state-dir` (the `override`);
/// 2. `$STATE_DIRECTORY`: the directory systemd makes for the service
///    (`StateDirectory=gpioagg`); the first one when it lists several, separated by `:`;
/// 3. `/var/lib/gpioagg`, when it is a directory this process may write, or one it may
///    create (in practice: as root);
/// 4. the user's state directory: `$XDG_STATE_HOME/gpioagg` (when that is an absolute
///    path, as the XDG spec asks), else `$HOME/.local/state/gpioagg`.
///
/// ```swift
/// let place = try StateDirectory.resolve(override: nil, environment: ["STATE_DIRECTORY": "/var/lib/gpioagg"],
///                                        isUsable: { _ in false })
/// place.path       // "/var/lib/gpioagg"
/// place.filePath   // "/var/lib/gpioagg/kept-state"
/// let mine = try StateDirectory.forThisProcess(override: options.stateDirectory)
/// ```
public enum StateDirectory {
    /// Where the system service keeps its state when systemd does not say.
    public static let system = "/var/lib/gpioagg"

    /// A resolved directory, and which rule chose it (for the start's log line).
    public struct Choice: Hashable, Sendable, CustomStringConvertible {
        public enum Source: String, Hashable, Sendable {
            /// `--state-dir`.
            case option = "--state-dir"
            /// `$STATE_DIRECTORY`.
            case systemd = "$STATE_DIRECTORY"
            /// `/var/lib/gpioagg`.
            case system = "the system's state directory"
            /// `$XDG_STATE_HOME/gpioagg` or `~/.local/state/gpioagg`.
            case user = "the user's state directory"
        }

        public var path: String
        public var source: Source

        public init(path: String, source: Source) {
            self.path = path
            self.source = source
        }

        /// The state file in the directory.
        public var filePath: String {
            path.hasSuffix("/") ? path + StateFile.fileName : path + "/" + StateFile.fileName
        }

        /// `/var/lib/gpioagg (from $STATE_DIRECTORY)`.
        public var description: String { "\(path) (from \(source.rawValue))" }
    }

    /// The directory for a process with this `environment`; `isUsable` says whether a
    /// directory exists and may be written, or may be created (`isUsableDirectory` for
    /// real). Throws only when no rule gives a directory: no override, no
    /// `$STATE_DIRECTORY`, `/var/lib/gpioagg` unusable, and neither `$XDG_STATE_HOME`
    /// nor `$HOME`; or an override that is empty.
    public static func resolve(override: String?, environment: [String: String],
                               isUsable: (String) -> Bool) throws(KeptStateError) -> Choice {
        if let override {
            guard !override.isEmpty else { throw KeptStateError(.emptyDirectoryOption) }
            return Choice(path: override, source: .option)
        }
        if let systemd = environment["STATE_DIRECTORY"]?.split(separator: ":").first {
            return Choice(path: String(systemd), source: .systemd)
        }
        if isUsable(system) { return Choice(path: system, source: .system) }
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            return Choice(path: joined(xdg, "gpioagg"), source: .user)
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return Choice(path: joined(home, ".local/state/gpioagg"), source: .user)
        }
        throw KeptStateError(.noDirectory)
    }

    /// The directory for this process: `resolve` with its environment (`$HOME` from the
    /// user database when unset) and the real file system.
    public static func forThisProcess(override: String?) throws(KeptStateError) -> Choice {
        var environment: [String: String] = [:]
        for name in ["STATE_DIRECTORY", "XDG_STATE_HOME", "HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        if environment["HOME"] == nil, let entry = getpwuid(geteuid()), let home = entry.pointee.pw_dir {
            environment["HOME"] = String(cString: home)
        }
        return try resolve(override: override, environment: environment, isUsable: isUsableDirectory)
    }

    /// Whether `path` is a directory this process may write into, or does not exist and
    /// its parent is one (so that it can be created).
    public static func isUsableDirectory(_ path: String) -> Bool {
        var status = stat()
        if stat(path, &status) == 0 {
            return status.st_mode & S_IFMT == S_IFDIR && access(path, W_OK | X_OK) == 0
        }
        guard errno == ENOENT else { return false }
        let parent = StateFile.directory(of: path)
        return stat(parent, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR && access(parent, W_OK | X_OK) == 0
    }

    private static func joined(_ directory: String, _ tail: String) -> String {
        directory.hasSuffix("/") ? directory + tail : directory + "/" + tail
    }
}

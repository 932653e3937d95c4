#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemCore

/// Something wrong with the kept state, worded for the person who has to fix it:
/// `message` names the file and says what is wrong, `hint` what to do about it.
///
/// None of these stops gpioagg. A state file that cannot be read is ignored (kept
/// signals and outputs start from their config's values) and replaced at the next
/// change; a write that fails is reported once and tried again at the next change.
///
/// A struct around a private code enum, so that kinds can be added without breaking
/// callers; match on `kind` when the difference matters.
///
/// ```swift
/// do {
///     values = try StateFile.read(path: "/var/lib/gpioagg/kept-state")
/// } catch {
///     logger.warning("warning: \(error)")
///     // warning: ignoring /var/lib/gpioagg/kept-state: the checksum does not match (the file is damaged: ...)
///     // hint: kept signals and outputs start from their config's values; ...
/// }
/// ```
public struct KeptStateError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// No directory for the state could be worked out.
        case noDirectory
        /// The state file could not be opened or read (permissions, I/O).
        case unreadable
        /// Something other than a regular file is where the state file goes.
        case notAFile
        /// The state file is larger than `StateFile.maximumBytes`.
        case tooLarge
        /// The file is not a gpioagg state file, or one of a format this gpioagg does not know.
        case foreign
        /// A gpioagg state file, damaged: truncated, a bad checksum, a malformed line.
        case corrupt
        /// Writing the state file failed.
        case writeFailed
    }

    enum Code: Hashable, Sendable {
        case noDirectory
        case emptyDirectoryOption
        case unreadable(path: String, errno: Int32)
        case notAFile(path: String, what: String)
        case tooLarge(path: String, bytes: Int, limit: Int)
        case foreign(path: String)
        case unsupportedVersion(path: String, version: String)
        case corrupt(path: String, reason: String)
        case writeFailed(path: String, operation: String, errno: Int32)
    }

    let code: Code

    init(_ code: Code) { self.code = code }

    public var kind: Kind {
        switch code {
        case .noDirectory, .emptyDirectoryOption: return .noDirectory
        case .unreadable: return .unreadable
        case .notAFile: return .notAFile
        case .tooLarge: return .tooLarge
        case .foreign, .unsupportedVersion: return .foreign
        case .corrupt: return .corrupt
        case .writeFailed: return .writeFailed
        }
    }

    /// The state file the error is about, or nil when there is none yet.
    public var path: String? {
        switch code {
        case .noDirectory, .emptyDirectoryOption: return nil
        case .unreadable(let path, _), .notAFile(let path, _), .tooLarge(let path, _, _), .foreign(let path),
             .unsupportedVersion(let path, _), .corrupt(let path, _), .writeFailed(let path, _, _):
            return path
        }
    }

    /// The `errno` of the failing system call, or 0.
    public var errno: Int32 {
        switch code {
        case .unreadable(_, let code), .writeFailed(_, _, let code): return code
        default: return 0
        }
    }

    /// One line saying what is wrong, naming the file.
    public var message: String {
        switch code {
        case .noDirectory:
            return "no directory for the kept state: neither $STATE_DIRECTORY, nor a writable /var/lib/gpioagg, "
                + "nor $XDG_STATE_HOME or $HOME"
        case .emptyDirectoryOption:
            return "the state directory given is empty"
        case .unreadable(let path, ENOTDIR):
            return "cannot keep state in \(StateFile.directory(of: path)): it is not a directory (or a part of its path "
                + "is a file)"
        case .unreadable(let path, let code):
            return "ignoring \(path): cannot read it: \(Self.describe(code))"
        case .notAFile(let path, let what):
            return "ignoring \(path): it is \(what), not a regular file"
        case .tooLarge(let path, let bytes, let limit):
            return "ignoring \(path): it is \(bytes) bytes long, more than the \(limit / 1024) KiB a state file may have"
        case .foreign(let path):
            return "ignoring \(path): it is not a gpioagg state file (its first line is not '\(StateFile.magic) "
                + "\(StateFile.version)')"
        case .unsupportedVersion(let path, let version):
            return "ignoring \(path): it is a state file of format \(version); this gpioagg reads format "
                + "\(StateFile.version)"
        case .corrupt(let path, let reason):
            return "ignoring \(path): \(reason)"
        case .writeFailed(let path, let operation, let code):
            return "cannot keep state in \(path): \(operation) failed: \(Self.describe(code))"
        }
    }

    /// What to do about it, or "".
    public var hint: String {
        let restart = "kept signals and outputs start from their config's values"
        switch code {
        case .noDirectory, .emptyDirectoryOption:
            return "pass --state-dir DIR, or run under systemd with StateDirectory=gpioagg"
        case .unreadable(let path, let code) where code == EACCES || code == EPERM:
            return "\(restart); the file must be readable by the user gpioagg runs as (sudo chown gpioagg \(path))"
        case .unreadable(let path, ENOTDIR):
            return "\(restart), and no change is kept until it is fixed: pass --state-dir a directory (or a path where "
                + "one can be made), or move away the file at \(StateFile.directory(of: path))"
        case .unreadable:
            return "\(restart); the file is replaced at the next change"
        case .notAFile(let path, let what):
            let remove = what == "a directory" ? "rm -r" : "rm"
            return "\(restart); remove it (\(remove) \(path)) so that the state can be kept there"
        case .tooLarge, .foreign:
            return "\(restart); is this the right --state-dir? The file is replaced at the next change"
        case .unsupportedVersion:
            return "\(restart); a newer gpioagg wrote it, and this one replaces it at the next change"
        case .corrupt:
            return "\(restart); the file is replaced at the next change (docs/STATE.md)"
        case .writeFailed(let path, _, let code):
            let directory = StateFile.directory(of: path)
            switch code {
            case EROFS:
                return "the file system is read-only: remount it read-write, or pass --state-dir DIR on a writable one"
            case ENOSPC, EDQUOT:
                return "the disk is full: free some space; gpioagg tries again at the next change"
            case EACCES, EPERM:
                return "\(directory) must be writable by the user gpioagg runs as, or pass --state-dir DIR"
            case ENOTDIR:
                return "part of \(directory) is not a directory: remove it, or pass --state-dir DIR"
            case EISDIR:
                return "remove the directory \(path) (rm -r \(path)) so that the state can be kept there"
            default:
                return "gpioagg tries again at the next change"
            }
        }
    }

    /// `message`, then `hint: ...` on a line of its own when there is a hint.
    public var description: String {
        hint.isEmpty ? message : message + "\nhint: " + hint
    }

    static func describe(_ code: Int32) -> String {
        SystemCallError.reason(for: code).lowercased()
    }
}

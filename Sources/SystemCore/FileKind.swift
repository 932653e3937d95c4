#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a file that is not a regular file is, in the words messages use, for every
/// file gpioagg reads only when it is a regular one (the config, a test file, the
/// kept state, the MQTT PEM files).
///
/// ```swift
/// "\(path) is \(FileKind.phrase(for: status.st_mode)), not a regular file"   // "... is a FIFO, ..."
/// ```
public enum FileKind {
    /// `a directory`, `a FIFO`, `a socket`, `a character device`, `a block device`, or
    /// `not a file` for anything else.
    public static func phrase(for mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        default: return "not a file"
        }
    }
}

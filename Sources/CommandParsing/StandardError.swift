#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes one line to standard error: what commands say besides their output.
///
/// ```swift
/// printError("error: no GPIO chips found")
/// ```
public func printError(_ line: String) {
    fputs(line + "\n", stderr)
}

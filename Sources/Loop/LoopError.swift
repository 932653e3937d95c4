#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A system call a loop needs failed: the loop (or its signal descriptor) could not be
/// set up.
///
/// A struct around a private code, so that kinds can be added later.
///
/// ```swift
/// do { loop = try PosixEventLoop() } catch { print(error) }   // "eventfd failed: Too many open files"
/// ```
public struct LoopError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case system(operation: String, errno: Int32)
    }

    private let code: Code

    private init(_ code: Code) { self.code = code }

    static func system(_ operation: String, errno: Int32) -> LoopError {
        LoopError(.system(operation: operation, errno: errno))
    }

    /// The system call that failed.
    public var operation: String {
        switch code { case .system(let operation, _): return operation }
    }

    /// Its `errno`.
    public var errno: Int32 {
        switch code { case .system(_, let errno): return errno }
    }

    public var description: String {
        "\(operation) failed: \(String(cString: strerror(errno)))"
    }
}

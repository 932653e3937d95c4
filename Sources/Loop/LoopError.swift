#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import SystemCore

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
        case system(SystemCallError)
    }

    private let code: Code

    private init(_ code: Code) { self.code = code }

    init(_ failure: SystemCallError) {
        self.init(.system(failure))
    }

    /// The system call that failed.
    public var operation: String {
        switch code { case .system(let failure): return failure.call }
    }

    /// Its `errno`.
    public var errno: Int32 {
        switch code { case .system(let failure): return failure.errno }
    }

    public var description: String {
        switch code { case .system(let failure): return failure.description }
    }
}

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Loop

/// The two outputs the daemon logs to, each a `LogOutput` that never blocks.
///
/// ```swift
/// let outputs = StandardOutputs.process
/// outputs.attach(to: loop)
/// ```
public struct StandardOutputs: Sendable {
    public let standard: LogOutput
    public let error: LogOutput

    public init(standard: LogOutput, error: LogOutput) {
        self.standard = standard
        self.error = error
    }

    /// This process's standard output and standard error.
    public static let process = StandardOutputs(standard: LogOutput(descriptor: STDOUT_FILENO),
                                                error: LogOutput(descriptor: STDERR_FILENO))

    public func attach(to loop: any EventLoop) {
        standard.attach(to: loop)
        error.attach(to: loop)
    }

    public func detach() {
        standard.detach()
        error.detach()
    }

    /// At exit: what still waits, for at most `timeout` each.
    public func flush(timeout: Duration) {
        standard.flush(timeout: timeout)
        error.flush(timeout: timeout)
    }
}

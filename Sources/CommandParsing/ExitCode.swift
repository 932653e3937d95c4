/// Ends the process with a status, from anywhere inside a command's `run()`.
///
/// ```swift
/// throw ExitCode(1)
/// ```
public struct ExitCode: Error {
    public let status: Int32

    public init(_ status: Int32) {
        self.status = status
    }
}

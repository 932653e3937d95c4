/// Why `SystemCall.readRegularFile` read nothing, for the caller to word with its file's
/// name and what to do.
///
/// ```swift
/// do throws(RegularFileRefusal) {
///     bytes = try SystemCall.readRegularFile(path, limit: 4096)
/// } catch {
///     if case .notRegular(let kind) = error { print("\(path) is \(kind), not a regular file") }
/// }
/// ```
public enum RegularFileRefusal: Error, Equatable, Sendable {
    /// `open`, `fstat` or `read` failed.
    case failed(SystemCallError)
    /// Not a regular file: what it is, in words (`a FIFO`, `a directory`; `FileKind`).
    case notRegular(kind: String)
    /// Larger than the limit, as its status says: `bytes` long.
    case tooLarge(bytes: Int)
    /// It grew past the size its status gave while it was read (being rewritten).
    case changed
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GPIO

extension GPIOError {
    /// A `.system` error for `code`, with the C library's text for it as its detail.
    static func system(_ operation: String, code: Int32) -> GPIOError {
        .system(operation, errno: code, detail: SystemCallError.reason(for: code))
    }
}

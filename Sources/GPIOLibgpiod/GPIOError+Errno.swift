#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GPIO

extension GPIOError {
    /// A `.system` error for `code`, with `strerror` as its detail.
    static func system(_ operation: String, code: Int32) -> GPIOError {
        .system(operation, errno: code, detail: String(cString: strerror(code)))
    }
}

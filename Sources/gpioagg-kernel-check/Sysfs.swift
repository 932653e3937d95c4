#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads and writes the small text files of sysfs and configfs.
enum Sysfs {
    static func store(_ text: String, at path: String) throws {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure("open", path) }
        defer { close(fd) }
        let written = text.withCString { write(fd, $0, strlen($0)) }
        guard written == text.utf8.count else { throw failure("write '\(text)' to", path) }
    }

    /// The file's text without its trailing newline.
    static func contents(of path: String) throws -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure("open", path) }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count >= 0 else { throw failure("read", path) }
        var text = String(decoding: bytes[0..<count], as: UTF8.self)
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    static func makeDirectory(_ path: String) throws {
        guard mkdir(path, 0o755) == 0 else { throw failure("mkdir", path) }
    }

    static func removeDirectory(_ path: String) throws {
        guard rmdir(path) == 0 else { throw failure("rmdir", path) }
    }

    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    private static func failure(_ operation: String, _ path: String) -> CheckFailure {
        let code = errno
        return CheckFailure("cannot \(operation) \(path): \(String(cString: strerror(code)))")
    }
}

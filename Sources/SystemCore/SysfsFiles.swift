#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file operations sensors and PWM channels need on sysfs, through `SystemCall`.
/// Reading or writing an attribute blocks for as long as the kernel takes (a DS18B20's
/// conversion, an I²C transfer, a PWM driver's `apply`), which is why it is opened
/// without `O_NONBLOCK` (which sysfs ignores anyway): sensors read them on the reader's
/// thread, never on the event loop.
///
/// ```swift
/// let text = try SysfsFiles.readAttribute("/sys/class/thermal/thermal_zone0/temp")  // "48312\n"
/// ```
public enum SysfsFiles {
    /// The most an attribute holds: sysfs gives a page at most.
    public static let attributeLimit = 4096

    /// The attribute's text, whole. Blocks while the kernel (or, in a test, a FIFO's
    /// writer) has not answered.
    public static func readAttribute(_ path: String) throws(SystemCallError) -> String {
        let descriptor = try SystemCall.retrying("open") { open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY) }
        defer { SystemCall.close(descriptor) }
        let bytes = try SystemCall.readToEnd(descriptor, limit: attributeLimit)
        return String(decoding: bytes.prefix(attributeLimit), as: UTF8.self)
    }

    /// Writes `text` to the attribute in one `write` (sysfs takes a store whole).
    /// `O_TRUNC` means nothing to sysfs, and makes a test's plain file hold only `text`.
    public static func writeAttribute(_ path: String, _ text: String) throws(SystemCallError) {
        let descriptor = try SystemCall.retrying("open") { open(path, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOCTTY) }
        defer { SystemCall.close(descriptor) }
        let bytes = Array(text.utf8)
        try SystemCall.retrying("write") { bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } }
    }

    /// The names in a folder, sorted, without `.` and `..`; empty when it cannot be read.
    public static func names(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }
    }

    /// Whether something is at `path` (a link is followed: a dangling one is nothing).
    public static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// Whether a failed read says the file is gone: `ENOENT` for a path removed,
    /// `ENODEV` for a sysfs file opened before its device was unbound.
    public static func isGone(_ error: SystemCallError) -> Bool {
        error.errno == ENOENT || error.errno == ENODEV
    }

    /// `path` with every link resolved; nil when it does not resolve.
    public static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// The last component of a path.
    public static func lastComponent(_ path: String) -> String {
        String(path.split(separator: "/").last ?? "")
    }

    /// The path without its last component.
    public static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

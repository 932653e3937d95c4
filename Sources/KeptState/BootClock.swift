#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where `BootInstant`s come from: the machine's (`system`), or a test's.
///
/// ```swift
/// let since = BootClock.system.now()      // nil when the boot id cannot be read
/// ```
public struct BootClock: Sendable {
    /// The instant now; nil when it cannot be told.
    public let now: @Sendable () -> BootInstant?

    public init(now: @escaping @Sendable () -> BootInstant?) {
        self.now = now
    }

    /// `CLOCK_BOOTTIME` and the kernel's boot id. The boot id is read once, the first
    /// time (a small file in procfs, which never blocks); when it cannot be read,
    /// nothing is an instant, and an output kept on has no `max_on` left after a restart.
    public static let system = BootClock {
        guard let bootID = systemBootID else { return nil }
        var time = timespec()
        guard clock_gettime(CLOCK_BOOTTIME, &time) == 0 else { return nil }
        return BootInstant(bootID: bootID, nanoseconds: UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec))
    }

    private static let systemBootID: String? = {
        let descriptor = open("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 80)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let text = buffer[..<count].prefix { $0 != UInt8(ascii: "\n") }
        guard BootInstant.isValidBootID(text) else { return nil }
        return String(decoding: text, as: UTF8.self)
    }()
}

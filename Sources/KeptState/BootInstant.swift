/// A moment on the clock of one boot of the machine: `CLOCK_BOOTTIME` (which goes on
/// through a suspend, and never jumps) with the kernel's boot id, which changes at each
/// boot. It survives a restart of gpioagg; across a reboot the boot id tells that the
/// time cannot be compared.
///
/// Why not the wall clock (`CLOCK_REALTIME`), which survives a reboot too: it jumps. A
/// Raspberry Pi has no battery-backed clock, starts from the time it saved last (or
/// 1970) and jumps forward when NTP answers, and an administrator may set it back; an
/// output's time on would then come out shorter than it was, and its `max_on` longer than
/// configured. A time on this clock is either exact or known not to be comparable.
///
/// ```swift
/// let since = BootInstant(bootID: "6f0e1a52-5c2b-4c55-9d0c-5a1e0d4f7b3e", nanoseconds: 81_000_000_000)
/// ```
public struct BootInstant: Hashable, Sendable {
    /// `/proc/sys/kernel/random/boot_id`: a UUID in lowercase, with hyphens.
    public var bootID: String
    /// `CLOCK_BOOTTIME`, in nanoseconds.
    public var nanoseconds: UInt64

    public init(bootID: String, nanoseconds: UInt64) {
        self.bootID = bootID
        self.nanoseconds = nanoseconds
    }

    /// How long from `earlier` to this instant; nil when they are of different boots or
    /// `earlier` comes after this one (a record that cannot be trusted).
    public func elapsed(since earlier: BootInstant) -> Duration? {
        guard bootID == earlier.bootID, nanoseconds >= earlier.nanoseconds else { return nil }
        let nanoseconds = nanoseconds - earlier.nanoseconds
        return .seconds(Int64(nanoseconds / 1_000_000_000)) + .nanoseconds(Int64(nanoseconds % 1_000_000_000))
    }

    /// What a boot id may be in the state file: 1 to 64 lowercase hexadecimal digits and
    /// hyphens (the kernel's is a 36-character UUID).
    static func isValidBootID(_ text: some Collection<UInt8>) -> Bool {
        !text.isEmpty && text.count <= 64 && text.allSatisfy { byte in
            isASCIIDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) || byte == UInt8(ascii: "-")
        }
    }
}

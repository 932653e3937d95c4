#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One gpio-sim chip, made through configfs and driven through sysfs, standing in for a
/// board's GPIO controller with switches on its inputs and LEDs on its outputs.
///
/// ```swift
/// let sim = try GPIOSimChip(device: "check", label: "check-sim", lineCount: 8,
///                             names: [0: "switch1"])
/// try sim.setPull(0, high: true)     // the switch opens: the line reads 1
/// let lit = try sim.value(3)         // what a requester drives on line 3
/// sim.remove()
/// ```
final class GPIOSimChip {
    static let configRoot = "/sys/kernel/config/gpio-sim"

    let label: String
    let lineCount: Int
    let names: [UInt32: String]
    /// `gpio-sim.0`: the platform device gpio-sim made.
    let deviceName: String
    /// `gpiochip1`: the kernel's name for the chip, and its file in /dev.
    let chipName: String

    private let configDirectory: String
    private var live = true

    /// Whether this kernel has gpio-sim with configfs mounted.
    static var isAvailable: Bool { Sysfs.exists(configRoot) }

    init(device: String, label: String, lineCount: Int, names: [UInt32: String]) throws {
        self.label = label
        self.lineCount = lineCount
        self.names = names
        configDirectory = "\(Self.configRoot)/\(device)"
        let bank = "\(configDirectory)/bank0"
        // A previous run that died half-way may have left the device behind.
        Self.removeDevice(at: configDirectory)
        try Sysfs.makeDirectory(configDirectory)
        try Sysfs.makeDirectory(bank)
        try Sysfs.store("\(lineCount)", at: "\(bank)/num_lines")
        try Sysfs.store(label, at: "\(bank)/label")
        for (offset, name) in names.sorted(by: { $0.key < $1.key }) {
            try Sysfs.makeDirectory("\(bank)/line\(offset)")
            try Sysfs.store(name, at: "\(bank)/line\(offset)/name")
        }
        try Sysfs.store("1", at: "\(configDirectory)/live")
        deviceName = try Sysfs.contents(of: "\(configDirectory)/dev_name")
        chipName = try Sysfs.contents(of: "\(bank)/chip_name")
    }

    deinit { remove() }

    /// `/dev/gpiochip1`.
    var devicePath: String { "/dev/\(chipName)" }

    private func lineDirectory(_ offset: UInt32) -> String {
        "/sys/devices/platform/\(deviceName)/\(chipName)/sim_gpio\(offset)"
    }

    /// Pulls an input up or down, as a switch to the supply or to ground would; this
    /// overrides the pull a requester's bias set.
    func setPull(_ offset: UInt32, high: Bool) throws {
        try Sysfs.store(high ? "pull-up" : "pull-down", at: "\(lineDirectory(offset))/pull")
    }

    /// The line's level: what its requester drives on an output, the pull on an input.
    func value(_ offset: UInt32) throws -> Bool {
        try Sysfs.contents(of: "\(lineDirectory(offset))/value") == "1"
    }

    /// Writes `count` pulls alternating from the opposite of `startHigh`'s level, as fast
    /// as one write(2) each allows, and returns the last level written.
    func togglePull(_ offset: UInt32, count: Int, startHigh: Bool) throws -> Bool {
        let path = "\(lineDirectory(offset))/pull"
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw CheckFailure("cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var high = startHigh
        for _ in 0..<count {
            high.toggle()
            let text: StaticString = high ? "pull-up" : "pull-down"
            // pwrite at 0: every write is a whole new value for the attribute.
            guard pwrite(fd, text.utf8Start, text.utf8CodeUnitCount, 0) == text.utf8CodeUnitCount else {
                throw CheckFailure("cannot write \(path): \(String(cString: strerror(errno)))")
            }
        }
        return high
    }

    /// Takes the chip away. Lines still requested keep it busy: release them first.
    func remove() {
        guard live else { return }
        live = false
        Self.removeDevice(at: configDirectory)
    }

    private static func removeDevice(at directory: String) {
        guard Sysfs.exists(directory) else { return }
        try? Sysfs.store("0", at: "\(directory)/live")
        let bank = "\(directory)/bank0"
        if let stream = opendir(bank) {
            var lines: [String] = []
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name.hasPrefix("line") { lines.append(name) }
            }
            closedir(stream)
            for line in lines { try? Sysfs.removeDirectory("\(bank)/\(line)") }
        }
        try? Sysfs.removeDirectory(bank)
        try? Sysfs.removeDirectory(directory)
    }
}

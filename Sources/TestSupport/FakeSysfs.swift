import Foundation

/// A sysfs tree in a temporary folder, laid out as the kernel lays it out: each device's
/// folder under `devices/` where its bus puts it, and the class and bus folders
/// (`bus/iio/devices`, `class/hwmon`, `class/thermal`, `bus/w1/devices`, `class/pwm`)
/// holding links to it. Attribute files hold the kernel's text, newline included. Removed with
/// everything in it.
public final class FakeSysfs {
    private let directory: TemporaryDirectory
    public var root: String { directory.path }

    public init() throws {
        directory = try TemporaryDirectory(prefix: "gpioagg-sysfs")
    }

    /// An IIO device on I²C bus 1 at `location` (`1-0077`):
    /// `devices/platform/soc/fe804000.i2c/i2c-1/1-0077/iio:deviceN`.
    @discardableResult
    public func iio(_ number: Int, name: String, at location: String = "1-0077", files: [String: String]) throws -> String {
        let folder = root + "/devices/platform/soc/fe804000.i2c/i2c-1/\(location)/iio:device\(number)"
        try makeFolder(folder, files: files.merging(["name": name]) { $1 })
        try link(root + "/bus/iio/devices/iio:device\(number)", to: folder)
        return folder
    }

    /// A hwmon device: `devices/.../1-0048/hwmon/hwmonN`, with its `device` link to the
    /// I²C device's folder.
    @discardableResult
    public func hwmon(_ number: Int, name: String, at location: String = "1-0048", files: [String: String]) throws -> String {
        let device = root + "/devices/platform/soc/fe804000.i2c/i2c-1/\(location)"
        let folder = device + "/hwmon/hwmon\(number)"
        try makeFolder(folder, files: files.merging(["name": name]) { $1 })
        try link(folder + "/device", to: device)
        try link(root + "/class/hwmon/hwmon\(number)", to: folder)
        return folder
    }

    /// A thermal zone: `devices/virtual/thermal/thermal_zoneN` with `type` and `temp`.
    @discardableResult
    public func thermal(_ number: Int, type: String, temp: String) throws -> String {
        let folder = root + "/devices/virtual/thermal/thermal_zone\(number)"
        try makeFolder(folder, files: ["type": type, "temp": temp])
        try link(root + "/class/thermal/thermal_zone\(number)", to: folder)
        return folder
    }

    /// A 1-Wire slave on `master` (`devices/w1_bus_master1/28-...`), the master linked
    /// from `bus/w1/devices` too, as the kernel does.
    @discardableResult
    public func w1(_ id: String, master: String = "w1_bus_master1", files: [String: String]) throws -> String {
        let masterFolder = root + "/devices/\(master)"
        let folder = masterFolder + "/\(id)"
        try makeFolder(folder, files: files)
        try link(root + "/bus/w1/devices/\(id)", to: folder)
        if !FileManager.default.fileExists(atPath: root + "/bus/w1/devices/\(master)") {
            try link(root + "/bus/w1/devices/\(master)", to: masterFolder)
        }
        return folder
    }

    /// A PWM controller: `devices/platform/soc/<device>/pwm/pwmchipN` with `npwm`,
    /// `export` and `unexport`, its `device` link to the controller's folder, and
    /// `class/pwm/pwmchipN` linking to it. Writing `export` makes no channel here: a test
    /// plays the kernel with `pwmChannel`.
    @discardableResult
    public func pwmChip(_ number: Int, device: String, channels: Int) throws -> String {
        let deviceFolder = root + "/devices/platform/soc/\(device)"
        let folder = deviceFolder + "/pwm/pwmchip\(number)"
        try makeFolder(folder, files: ["npwm": "\(channels)\n", "export": "", "unexport": ""])
        try link(folder + "/device", to: deviceFolder)
        try link(root + "/class/pwm/pwmchip\(number)", to: folder)
        return folder
    }

    /// An exported channel of the controller in `chip` (`pwmchip0/pwm1`), its files
    /// holding what the kernel shows: a fresh channel has period 0, normal polarity, off.
    @discardableResult
    public func pwmChannel(_ channel: Int, of chip: String, period: UInt64 = 0, dutyCycle: UInt64 = 0,
                           polarity: String = "normal", enabled: Bool = false) throws -> String {
        let folder = chip + "/pwm\(channel)"
        try makeFolder(folder, files: ["period": "\(period)\n", "duty_cycle": "\(dutyCycle)\n",
                                       "polarity": "\(polarity)\n", "enable": enabled ? "1\n" : "0\n"])
        return folder
    }

    /// `w1_slave` as w1_therm writes it: the CRC line, then `t=` in m°C.
    public static func w1Slave(milliCelsius: Int, crc: Bool = true) -> String {
        "72 01 4b 46 7f ff 0e 10 57 : crc=57 \(crc ? "YES" : "NO")\n72 01 4b 46 7f ff 0e 10 57 t=\(milliCelsius)\n"
    }

    /// Replaces a file's text at once, so a reader sees the old text or the new one, as
    /// it does with a kernel attribute (a FIFO at `path` is replaced too).
    public func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Removes a device as unbinding it does: its folder and the class folder's link.
    public func remove(folder: String, link: String) throws {
        try FileManager.default.removeItem(atPath: folder)
        try FileManager.default.removeItem(atPath: root + "/" + link)
    }

    /// A FIFO at `path`, in place of an attribute: a read of it blocks until someone
    /// opens it for writing, as a hung 1-Wire read blocks.
    public func fifo(at path: String) throws {
        try? FileManager.default.removeItem(atPath: path)
        guard mkfifo(path, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    /// Writes `text` into the FIFO at `path` for one read: waits for the reader to open
    /// it, and puts a new FIFO in its place before that read ends, so that the next read
    /// blocks again, until the next `feed`.
    /// Throws when no read opens it within 20 s, rather than wait for ever.
    public func feed(_ text: String, to path: String) throws {
        let deadline = Date().addingTimeInterval(20)
        var descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        // ENXIO: nobody has the FIFO open for reading yet.
        while descriptor < 0, errno == ENXIO, Date() < deadline {
            usleep(10_000)
            descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        }
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try handle.write(contentsOf: Data(text.utf8))
        try fifo(at: path)
        try handle.close()
    }

    /// Moves a device folder away, as unbinding the device takes it, leaving the class
    /// folder's link dangling; `restore` brings it back, as binding it again does.
    public func moveAway(_ folder: String) throws {
        try FileManager.default.moveItem(atPath: folder, toPath: folder + ".away")
    }

    public func restore(_ folder: String) throws {
        try FileManager.default.moveItem(atPath: folder + ".away", toPath: folder)
    }

    private func makeFolder(_ folder: String, files: [String: String]) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, text) in files { try write(text, to: folder + "/" + name) }
    }

    private func link(_ path: String, to target: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }
}

import Foundation
import TestSupport

/// A fake sysfs tree for a daemon run with `--sysfs-root`: device folders under
/// `devices/` and the links the kernel makes to them (`bus/iio/devices`,
/// `class/thermal`, `bus/w1/devices`), attribute files holding the kernel's text. A
/// value file can be a FIFO, whose read blocks until the test writes it, as a hung
/// 1-Wire or I²C read blocks.
final class SensorTree {
    private let directory: TemporaryDirectory
    var root: String { directory.path }

    init() throws {
        directory = try TemporaryDirectory(prefix: "gpioagg-sysfs")
    }

    /// A thermal zone: `devices/virtual/thermal/thermal_zoneN`.
    @discardableResult
    func thermal(_ number: Int, type: String, temp: String) throws -> String {
        let folder = root + "/devices/virtual/thermal/thermal_zone\(number)"
        try make(folder, files: ["type": type + "\n", "temp": temp])
        try link(root + "/class/thermal/thermal_zone\(number)", to: folder)
        return folder
    }

    /// An IIO device on I²C bus 1 at `location`.
    @discardableResult
    func iio(_ number: Int, name: String, at location: String = "1-0077", files: [String: String]) throws -> String {
        let folder = root + "/devices/platform/soc/fe804000.i2c/i2c-1/\(location)/iio:device\(number)"
        try make(folder, files: files.merging(["name": name + "\n"]) { $1 })
        try link(root + "/bus/iio/devices/iio:device\(number)", to: folder)
        return folder
    }

    /// A 1-Wire slave on `w1_bus_master1`.
    @discardableResult
    func w1(_ id: String, files: [String: String]) throws -> String {
        let master = root + "/devices/w1_bus_master1"
        let folder = master + "/\(id)"
        try make(folder, files: files)
        try link(root + "/bus/w1/devices/\(id)", to: folder)
        return folder
    }

    /// `w1_slave` as w1_therm writes it: the CRC line, then `t=` in m°C.
    static func w1Slave(milliCelsius: Int, crc: Bool = true) -> String {
        "72 01 4b 46 7f ff 0e 10 57 : crc=57 \(crc ? "YES" : "NO")\n72 01 4b 46 7f ff 0e 10 57 t=\(milliCelsius)\n"
    }

    /// Replaces a file's text at once (a reader sees the old text or the new one).
    func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// A FIFO in place of the file at `path`: its next read blocks until `feed`.
    func fifo(at path: String) throws {
        try? FileManager.default.removeItem(atPath: path)
        guard mkfifo(path, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    /// Writes `text` into the FIFO at `path` for one read: waits for the reader to open
    /// it, and puts a new FIFO in its place before that read ends, so that the next read
    /// blocks again, until the next `feed`.
    /// Throws when no read opens it within 20 s, rather than wait for ever.
    func feed(_ text: String, to path: String) throws {
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

    /// Moves a device folder away (as unbinding it does) and back.
    func remove(_ folder: String) throws {
        try FileManager.default.moveItem(atPath: folder, toPath: folder + ".away")
    }

    func restore(_ folder: String) throws {
        try FileManager.default.moveItem(atPath: folder + ".away", toPath: folder)
    }

    private func make(_ folder: String, files: [String: String]) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, text) in files { try write(text, to: folder + "/" + name) }
    }

    private func link(_ path: String, to target: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }
}

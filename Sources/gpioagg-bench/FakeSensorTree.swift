#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import GPIO

/// A sysfs tree in a temporary folder, for `--sysfs-root`, laid out as the kernel lays
/// out 1-Wire: each slave's folder under its bus master in `devices/`, linked from
/// `bus/w1/devices`. Removed with everything in it by `remove`.
final class FakeSensorTree {
    let root: String

    init() throws(SystemCallError) {
        var template = Array("/tmp/gpioagg-bench-sysfs.XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else { throw SystemCallError(call: "mkdtemp", errno: errno) }
        root = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A 1-Wire slave's folder on `w1_bus_master1`, linked from `bus/w1/devices`, with
    /// no attribute yet.
    func w1(id: String) throws(SystemCallError) -> String {
        let master = root + "/devices/w1_bus_master1"
        let folder = master + "/" + id
        try makeFolders([root + "/devices", master, folder, root + "/bus", root + "/bus/w1", root + "/bus/w1/devices"])
        try SystemCall.retrying("symlink") { symlink(folder, root + "/bus/w1/devices/" + id) }
        try SystemCall.retrying("symlink") { symlink(master, root + "/bus/w1/devices/w1_bus_master1") }
        return folder
    }

    /// `w1_slave` as w1_therm writes it: the CRC line, then `t=` in m°C.
    static func w1Slave(milliCelsius: Int) -> String {
        "72 01 4b 46 7f ff 0e 10 57 : crc=57 YES\n72 01 4b 46 7f ff 0e 10 57 t=\(milliCelsius)\n"
    }

    func remove() { Self.remove(root) }

    private func makeFolders(_ folders: [String]) throws(SystemCallError) {
        for folder in folders where mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw SystemCallError(call: "mkdir", errno: errno)
        }
    }

    /// Removes `path` and, when it is a folder (not a link to one), what it holds.
    private static func remove(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        if status.st_mode & S_IFMT == S_IFDIR, let directory = opendir(path) {
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafePointer(to: &entry.pointee.d_name) {
                    String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
                }
                if name != ".", name != ".." { names.append(name) }
            }
            closedir(directory)
            for name in names { remove(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CGPIOD
import GPIO

/// The kernel's GPIO chips, through libgpiod (v1 or v2, whichever the package was built
/// against).
///
/// ```swift
/// let backend = LibgpiodBackend()
/// print("libgpiod \(LibgpiodBackend.libraryVersion), API v\(LibgpiodBackend.apiGeneration)")
/// for chip in try backend.chips() { print(chip.name, chip.label, chip.lineCount) }
/// let chip = try backend.openChip(ChipLocator("pinctrl-bcm2711"))
/// ```
public final class LibgpiodBackend: GPIOBackend {
    /// 1 or 2: the libgpiod API generation compiled in.
    public static var apiGeneration: Int { Int(cgpiod_api_generation()) }

    /// The version of the libgpiod library loaded at run time, e.g. `1.6.3`.
    public static var libraryVersion: String { String(cString: cgpiod_library_version()) }

    private let devices: ChipDevices

    /// The chips under `/dev`.
    public convenience init() {
        self.init(deviceDirectory: "/dev")
    }

    /// The chips under another directory: for tests.
    init(deviceDirectory: String) {
        devices = ChipDevices(directory: deviceDirectory)
    }

    public func chips() throws(GPIOError) -> [ChipInfo] {
        var chips: [ChipInfo] = []
        for path in try devices.paths() {
            guard let chip = cgpiod_chip_open(path) else { continue }
            defer { cgpiod_chip_close(chip) }
            if let info = Self.info(of: chip, path: path) { chips.append(info) }
        }
        return chips
    }

    public func openChip(_ locator: ChipLocator) throws(GPIOError) -> any GPIOChip {
        switch locator {
        case .path(let path):
            return try open(path, locator: locator)
        case .name(let name):
            let path = devices.directory.hasSuffix("/")
                ? devices.directory + name : devices.directory + "/" + name
            let chip = try open(path, locator: locator)
            guard chip.info.name == name else {
                // A device node renamed by udev: its file name is not the kernel's name.
                chip.close()
                throw notFound(locator)
            }
            return chip
        case .label(let label):
            return try openLabelled(label, locator: locator)
        }
    }

    private func open(_ path: String, locator: ChipLocator) throws(GPIOError) -> LibgpiodChip {
        guard let chip = cgpiod_chip_open(path) else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR, ENOTTY, ENODEV, ENXIO:
                throw notFound(locator)
            case EACCES, EPERM:
                throw .permissionDenied(path: path, operation: "open")
            default:
                throw .system("open \(path)", code: code)
            }
        }
        guard let info = Self.info(of: chip, path: path) else {
            let code = errno
            cgpiod_chip_close(chip)
            throw .system("read chip info of \(path)", code: code)
        }
        return LibgpiodChip(chip, info: info)
    }

    /// Opens every chip in turn until one has `label`. A chip that cannot be opened for
    /// lack of permission might be the one: say so rather than "not found".
    private func openLabelled(_ label: String, locator: ChipLocator) throws(GPIOError) -> LibgpiodChip {
        var deniedPath: String?
        for path in try devices.paths() {
            guard let chip = cgpiod_chip_open(path) else {
                let code = errno
                if code == EACCES || code == EPERM, deniedPath == nil { deniedPath = path }
                continue
            }
            if let info = Self.info(of: chip, path: path), info.label == label {
                return LibgpiodChip(chip, info: info)
            }
            cgpiod_chip_close(chip)
        }
        if let deniedPath {
            throw .permissionDenied(path: deniedPath, operation: "open")
        }
        throw notFound(locator)
    }

    private func notFound(_ locator: ChipLocator) -> GPIOError {
        .chipNotFound(locator, available: (try? chips()) ?? [])
    }

    private static func info(of chip: OpaquePointer, path: String) -> ChipInfo? {
        var raw = cgpiod_chip_info()
        guard cgpiod_chip_get_info(chip, &raw) == 0 else { return nil }
        return ChipInfo(path: path, name: String(cName: raw.name), label: String(cName: raw.label),
                        lineCount: Int(raw.num_lines))
    }
}

import SystemCore

/// Finds a device's folder under a sysfs root: `/sys`, or a test's tree laid out as the
/// kernel lays it out. A search lists the kind's class folder and reads each device's
/// name; `SensorSession` does it once and again only after the device disappears, and
/// the sensors found together share one search of each folder (`SensorDeviceScan`).
///
/// ```swift
/// let locator = SensorLocator(root: "/sys")
/// switch locator.locate(.iio(name: "bme280")) {
/// case .success(let folder): print(folder)   // /sys/bus/iio/devices/iio:device0
/// case .failure(let failure): print(failure) // ... name one by where it sits: 'iio bme280 at 1-0076', ...
/// }
/// ```
public struct SensorLocator: Sendable {
    public let root: String

    public init(root: String = "/sys") {
        self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
    }

    /// The folder of `device`, or why there is none: not found, or a name several
    /// devices share without a place to choose by (the candidates listed with theirs).
    public func locate(_ device: SensorDevice) -> Result<String, SensorFailure> {
        locate(device, among: { devices(of: $0) })
    }

    /// The folder of `device` among the devices `devices` gives for its kind (a 1-Wire
    /// slave is found by its id, without them).
    func locate(_ device: SensorDevice, among devices: (SensorSourceKind) -> [Found]) -> Result<String, SensorFailure> {
        func failure(_ cause: SensorFailure.Cause) -> Result<String, SensorFailure> {
            .failure(SensorFailure(device: device, cause: cause))
        }
        let wanted: String
        let place: String?
        switch device {
        case .w1(let id):
            let folder = root + "/" + device.kind.classFolder + "/" + id
            return SysfsFiles.exists(folder) ? .success(folder) : failure(.notFound(others: []))
        case .iio(let name, let at), .hwmon(let name, let at): (wanted, place) = (name, at)
        case .thermal(let type): (wanted, place) = (type, nil)
        }
        let named = devices(device.kind).filter { $0.name == wanted }
        let here = place.map { place in named.filter { $0.location == place } } ?? named
        switch here.count {
        case 1: return .success(here[0].folder)
        case 0: return failure(.notFound(others: place == nil ? [] : named.map { device.located(at: $0.location) }))
        default: return failure(.ambiguous(candidates: here.map { device.located(at: $0.location) }))
        }
    }

    /// A device as a search finds it.
    public struct Found: Hashable, Sendable {
        public let folder: String
        public let name: String
        /// Where it sits (`1-0077`); nil where nothing says.
        public let location: String?
    }

    /// Every device of `kind` with its name and place, in the kernel's numbering order.
    public func devices(of kind: SensorSourceKind) -> [Found] {
        let classFolder = root + "/" + kind.classFolder
        return SysfsFiles.names(in: classFolder).compactMap { entry in
            guard entry.hasPrefix(kind.folderPrefix) else { return nil }
            let folder = classFolder + "/" + entry
            let name: String
            if let attribute = kind.nameAttribute {
                guard let text = try? SysfsFiles.readAttribute(folder + "/" + attribute) else { return nil }
                name = text.trimmingTrailingNewlines
            } else {
                guard entry.contains("-") else { return nil }  // a bus master, not a slave
                name = entry
            }
            return Found(folder: folder, name: name, location: Self.location(of: folder))
        }
    }

    /// Where the device of `folder` sits: the last component of its `device` link's
    /// target (a hwmon device: `.../1-0048`), else of the folder its own folder sits in
    /// (an IIO device: `.../i2c-1/1-0077/iio:device0`).
    public static func location(of folder: String) -> String? {
        if let device = SysfsFiles.resolved(folder + "/device") { return SysfsFiles.lastComponent(device) }
        guard let resolved = SysfsFiles.resolved(folder) else { return nil }
        let parent = SysfsFiles.lastComponent(SysfsFiles.parent(resolved))
        return parent.isEmpty ? nil : parent
    }
}

/// The devices of each kind as one look at their class folder found them, shared by the
/// sensors found together: the folder is listed and each device's name read once,
/// however many sensors of the kind are looked for (224 sensors found one by one read
/// 224 names each, 50,176 reads where 224 do).
///
/// ```swift
/// var scan = SensorDeviceScan(locator)
/// scan.locate(.hwmon(name: "lm75"))    // lists class/hwmon, reads each name
/// scan.locate(.hwmon(name: "sht3x"))   // from the same listing
/// ```
struct SensorDeviceScan {
    let locator: SensorLocator
    private var found: [SensorSourceKind: [SensorLocator.Found]] = [:]

    init(_ locator: SensorLocator) {
        self.locator = locator
    }

    /// The folder of `device`, as `SensorLocator.locate` finds it.
    mutating func locate(_ device: SensorDevice) -> Result<String, SensorFailure> {
        let kind = device.kind
        if kind != .w1, found[kind] == nil { found[kind] = locator.devices(of: kind) }
        let devices = found[kind] ?? []
        return locator.locate(device, among: { _ in devices })
    }
}
